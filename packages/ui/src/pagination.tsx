"use client";

import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { uiMessages } from "./messages.js";

/** What a pagination link is: the previous or next page, another page, or the current page. */
export type PageLinkKind = "prev" | "next" | "page" | "current";

/** Attributes the app puts on the link it renders (accessible name, current page). */
export interface PageLinkAttributes {
  /** "Page 3" on a numbered link, whose text is only the number. */
  "aria-label"?: string;
  /** On the current page's link. */
  "aria-current"?: "page";
}

/** Props of Pagination: the app renders links so that pages stay deep-linkable. */
export interface PaginationProps {
  page: number;
  /** The number of pages. */
  total: number;
  /**
   * Renders a link to page `n` with the given content and attributes (an `<a href>` a crawler
   * and a browser without scripts follow); called only for existing pages.
   */
  renderLink: (
    n: number,
    children: ReactNode,
    kind: PageLinkKind,
    attributes: PageLinkAttributes,
  ) => ReactNode;
}

/**
 * The numbers a pagination shows: the first and last pages and the current one with its
 * neighbours; `null` marks a gap ("…"). At most 7 entries, so it fits a phone's width.
 */
export function pageWindow(page: number, total: number): (number | null)[] {
  const shown = new Set([1, total, page - 1, page, page + 1].filter((n) => n >= 1 && n <= total));
  // Fill a gap of a single page rather than hiding it behind an ellipsis.
  if (shown.has(3) && !shown.has(2)) shown.add(2);
  if (shown.has(total - 2) && !shown.has(total - 1)) shown.add(total - 1);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1]! > 1 ? [null, n] : [n]));
}

/**
 * Previous / numbered pages / next, in a `nav` named "Pagination", the current page's link marked
 * `aria-current="page"`, with "Page x of y" above. Nothing when there is one page.
 */
export function Pagination({ page, total, renderLink }: PaginationProps) {
  const intl = useIntl();
  if (total <= 1) return null;
  const label = (n: number) => intl.formatMessage(uiMessages.page, { page: n });
  return (
    <nav className="pui-pagination" aria-label={intl.formatMessage(uiMessages.pagination)}>
      <p className="pui-pagination__status">
        {intl.formatMessage(uiMessages.pageOf, { page, total })}
      </p>
      <ul className="pui-pagination__list">
        {page > 1 ? (
          <li className="pui-pagination__step">
            {renderLink(page - 1, intl.formatMessage(uiMessages.previous), "prev", {})}
          </li>
        ) : null}
        {pageWindow(page, total).map((n, i) =>
          n === null ? (
            // The ellipsis is drawn by the stylesheet: no text to translate or to read out.
            <li key={`gap-${i}`} className="pui-pagination__gap" aria-hidden="true" />
          ) : (
            <li key={n}>
              {n === page
                ? renderLink(n, n, "current", { "aria-label": label(n), "aria-current": "page" })
                : renderLink(n, n, "page", { "aria-label": label(n) })}
            </li>
          ),
        )}
        {page < total ? (
          <li className="pui-pagination__step">
            {renderLink(page + 1, intl.formatMessage(uiMessages.next), "next", {})}
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
