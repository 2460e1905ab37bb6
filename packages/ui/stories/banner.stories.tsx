import type { Meta, StoryObj } from "@storybook/react-vite";
import { Banner } from "../src/index.js";
import { useText } from "./text.js";

/** Announcement and promotion strips; the text tone follows the CMS colour's brightness. */
const meta = {
  title: "Banners/Banner",
  component: Banner,
  args: { kind: "announcement", label: "", children: null, onClose: () => {} },
} satisfies Meta<typeof Banner>;
export default meta;
type Story = StoryObj<typeof meta>;

function Sample(props: {
  kind: "announcement" | "promotion";
  colourCode?: string | null;
  closable?: boolean;
  long?: boolean;
}) {
  const t = useText();
  return (
    <Banner
      kind={props.kind}
      label={
        props.kind === "announcement" ? t("Pengumuman", "Announcement") : t("Promosi", "Promotion")
      }
      colourCode={props.colourCode}
      onClose={props.closable === false ? undefined : () => {}}
    >
      {props.long
        ? t(
            "Penyelenggaraan rangkaian dijadualkan pada 1 Disember dari 1 pagi hingga 5 pagi. Perkhidmatan gentian di Selangor dan Kuala Lumpur mungkin terganggu sebentar.",
            "Network maintenance is scheduled for 1 December from 1 am to 5 am. Fibre service in Selangor and Kuala Lumpur may be briefly interrupted.",
          )
        : t("Penyelenggaraan pada 1 Disember", "Maintenance on 1 December")}
    </Banner>
  );
}

/** A light CMS colour (hex): dark text. */
export const AnnouncementOnLight: Story = {
  render: () => <Sample kind="announcement" colourCode="#FFD100" />,
};
/** A dark CMS colour (rgb): light text. */
export const PromotionOnDark: Story = {
  render: () => <Sample kind="promotion" colourCode="rgb(0, 51, 102)" />,
};
/** No colour from the CMS: the kind's default colours. */
export const DefaultColours: Story = { render: () => <Sample kind="promotion" /> };
/** An unreadable colour code is ignored (default colours). */
export const InvalidColour: Story = {
  render: () => <Sample kind="announcement" colourCode="red-ish" />,
};
/** Without onClose there is no close button. */
export const NotClosable: Story = { render: () => <Sample kind="announcement" closable={false} /> };
/** Long text wraps beside the close button. */
export const LongText: Story = {
  render: () => <Sample kind="announcement" colourCode="#E8F1FB" long />,
};
