import { Pagination } from "@portal/ui";
import { Link } from "@tanstack/react-router";
import type { Lang } from "../language";
import { lastPage } from "../pagination";

/**
 * The numbered pages of a listing under its items: router links (plain `<a href="?page=n">`
 * without scripts and for crawlers) to the same page with `?page=n`, every other search value
 * (language, filter) kept; page 1 has no `?page`. Nothing when everything fits on one page.
 */
export function ListPagination({
  listing,
}: {
  listing: { page: number; total: number; limit: number };
}) {
  return (
    <Pagination
      page={listing.page}
      total={lastPage(listing)}
      renderLink={(n, children, _kind, attributes) => (
        <Link
          to="."
          search={(prev: { language?: Lang }) => {
            // The canonical order (head.ts pageUrl): the page's own values, then the language.
            const { language, ...own } = prev;
            return { ...own, page: n > 1 ? String(n) : undefined, language };
          }}
          // Only the link to this very URL is the current page (not every link to /channels).
          activeOptions={{ exact: true, includeSearch: true }}
          {...attributes}
        >
          {children}
        </Link>
      )}
    />
  );
}
