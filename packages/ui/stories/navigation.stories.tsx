import type { ReactNode } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import {
  Breadcrumbs,
  Pagination,
  type PageLinkAttributes,
  type PageLinkKind,
} from "../src/index.js";
import { useText } from "./text.js";

/** Breadcrumbs and pagination: the app renders the links (its router's), the component the frame. */
const meta = { title: "Navigation/Breadcrumbs and pagination" } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function Trail({ depth }: { depth: number }) {
  const t = useText();
  const items = [
    { key: "home", label: <a href="#home">{t("Utama", "Home")}</a> },
    { key: "channels", label: <a href="#channels">{t("Saluran", "Channels")}</a> },
    { key: "pelangi", label: "Pelangi HD" },
  ].slice(0, depth);
  return <Breadcrumbs items={items} />;
}

export const BreadcrumbsThreeLevels: Story = { render: () => <Trail depth={3} /> };
export const BreadcrumbsOneLevel: Story = { render: () => <Trail depth={1} /> };

const link = (page: number, label: ReactNode, _kind: PageLinkKind, attrs: PageLinkAttributes) => (
  <a href={`?page=${page}`} {...attrs}>
    {label}
  </a>
);
/** First page: no previous link. */
export const PaginationFirstPage: Story = {
  render: () => <Pagination page={1} total={5} renderLink={link} />,
};
export const PaginationMiddlePage: Story = {
  render: () => <Pagination page={3} total={5} renderLink={link} />,
};
/** Last page: no next link. */
export const PaginationLastPage: Story = {
  render: () => <Pagination page={5} total={5} renderLink={link} />,
};
/** Many pages: the first, the last and the current page's neighbours, with gaps. */
export const PaginationManyPages: Story = {
  render: () => <Pagination page={40} total={263} renderLink={link} />,
};
