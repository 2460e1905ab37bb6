import type { Meta, StoryObj } from "@storybook/react-vite";
import { Card, CardGrid, CardGridItem } from "../src/index.js";
import { useText } from "./text.js";

/** Content cards: the title link covers the card; the grid has 1 to 4 columns by width. */
const meta = { title: "Content/Card" } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

// A local image (no network in the catalogue): an SVG data URL.
const image = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><rect width="640" height="360" fill="#003366"/><circle cx="320" cy="180" r="90" fill="#FFD100"/></svg>',
)}`;

function Sample(props: { withImage?: boolean; withFooter?: boolean; long?: boolean }) {
  const t = useText();
  return (
    <Card
      eyebrow={t("Saluran 101", "Channel 101")}
      title={<a href="#pelangi">Pelangi HD</a>}
      imageUrl={props.withImage ? image : null}
      imageAlt={props.withImage ? t("Logo Pelangi HD", "Pelangi HD logo") : ""}
      description={
        props.long
          ? t(
              "Drama, hiburan dan rancangan keluarga sepanjang hari, dengan sari kata Bahasa Melayu dan Inggeris untuk setiap siaran utama.",
              "Drama, entertainment and family shows all day, with Malay and English subtitles on every prime-time broadcast.",
            )
          : t("Drama dan hiburan keluarga.", "Drama and family entertainment.")
      }
      footer={props.withFooter ? t("Dalam pakej Asas", "In the Basic pack") : undefined}
    />
  );
}

export const TextOnly: Story = { render: () => <Sample /> };
export const WithImageAndFooter: Story = { render: () => <Sample withImage withFooter /> };
export const LongDescription: Story = { render: () => <Sample withImage long /> };

function Grid({ count }: { count: number }) {
  const t = useText();
  return (
    <CardGrid label={t("Saluran", "Channels")}>
      {Array.from({ length: count }, (_, i) => (
        <CardGridItem key={i}>
          <Card
            headingLevel={3}
            title={<a href={`#channel-${i + 1}`}>{`${t("Saluran", "Channel")} ${101 + i}`}</a>}
            imageUrl={image}
            description={t("Hiburan sepanjang hari.", "Entertainment all day.")}
          />
        </CardGridItem>
      ))}
    </CardGrid>
  );
}

/** As many columns as fit (1 on a phone, up to 4 on a desktop). */
export const GridOfEight: Story = { render: () => <Grid count={8} /> };
export const GridOfOne: Story = { render: () => <Grid count={1} /> };
