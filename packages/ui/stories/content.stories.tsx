import type { Meta, StoryObj } from "@storybook/react-vite";
import { RichText } from "../src/index.js";
import { useText } from "./text.js";

/** Sanitised CMS HTML (the app runs DOMPurify first) with the portal's typography. */
const meta = { title: "Content/Rich text" } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function Sample() {
  const t = useText();
  const html = t(
    "<h2>Cara membayar bil</h2><p>Anda boleh membayar bil Suria secara <strong>dalam talian</strong>, melalui debit langsung atau di kaunter.</p><ul><li>Perbankan dalam talian</li><li>Debit langsung</li></ul><p><a href='#auto-debit'>Tetapkan debit langsung</a></p>",
    "<h2>How to pay your bill</h2><p>You can pay your Suria bill <strong>online</strong>, by direct debit or at a counter.</p><ul><li>Online banking</li><li>Direct debit</li></ul><p><a href='#auto-debit'>Set up direct debit</a></p>",
  );
  return <RichText sanitisedHtml={html} />;
}

export const SupportAnswer: Story = { render: () => <Sample /> };
