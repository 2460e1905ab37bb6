import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button, buttonClassName } from "../src/index.js";
import { useText } from "./text.js";

/** Buttons in three weights; buttonClassName styles a router link as a button. */
const meta = {
  title: "Controls/Button",
  component: Button,
  args: { variant: "primary", disabled: false },
  argTypes: { variant: { control: "inline-radio", options: ["primary", "secondary", "ghost"] } },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

function Label(props: { bm: string; en: string }) {
  const t = useText();
  return <>{t(props.bm, props.en)}</>;
}

export const Primary: Story = {
  args: { children: <Label bm="Semak liputan" en="Check coverage" /> },
};
export const Secondary: Story = {
  args: { variant: "secondary", children: <Label bm="Lihat pakej" en="See plans" /> },
};
export const Ghost: Story = {
  args: { variant: "ghost", children: <Label bm="Batal" en="Cancel" /> },
};
export const Disabled: Story = {
  args: { disabled: true, children: <Label bm="Hantar semula kod" en="Send the code again" /> },
};
/** A link styled as a button (the app's router link takes the class). */
export const LinkAsButton: Story = {
  render: () => (
    <a className={buttonClassName("secondary")} href="#fibre">
      <Label bm="Suria Fibre" en="Suria Fibre" />
    </a>
  ),
};
