"use client";

import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { uiMessages } from "./messages.js";

/** Props of Pagination: the app renders links so that pages stay deep-linkable. */
export interface PaginationProps {
  page: number;
  total: number;
  /** Renders a link to page `n` with the given content; called only for existing pages. */
  renderLink: (n: number, children: ReactNode, rel: "prev" | "next") => ReactNode;
}

/** Previous / "Page x of y" / next navigation. */
export function Pagination({ page, total, renderLink }: PaginationProps) {
  const intl = useIntl();
  if (total <= 1) return null;
  return (
    <nav className="pui-pagination" aria-label={intl.formatMessage(uiMessages.pagination)}>
      {page > 1 ? renderLink(page - 1, intl.formatMessage(uiMessages.previous), "prev") : <span />}
      <span className="pui-pagination__status" aria-current="page">
        {intl.formatMessage(uiMessages.pageOf, { page, total })}
      </span>
      {page < total ? renderLink(page + 1, intl.formatMessage(uiMessages.next), "next") : <span />}
    </nav>
  );
}
