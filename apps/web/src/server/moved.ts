/**
 * Paths that moved, answered with a 301 to where the page lives now (the rest of the path and the
 * query, such as `language=en`, are kept). The portal's navigation says "Promotions", "Stories",
 * "Distributors" and "Support" where the URLs say /campaigns, /store, /distributors and
 * /support: the addresses visitors type and share from those names, and the previous site's
 * (/promotions, /stories, /dealers, /help), land on the page instead of a 404. A route renamed
 * later adds its old prefix here.
 */
export const MOVED: ReadonlyArray<readonly [from: string, to: string]> = [
  ["/promotions", "/campaigns"],
  ["/stories", "/store"],
  ["/dealers", "/distributors"],
  ["/help", "/support"],
];

/** Where a request URL (path and query) moved to, or undefined when it did not move. */
export function movedLocation(url: string): string | undefined {
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  const search = query < 0 ? "" : url.slice(query);
  for (const [from, to] of MOVED) {
    if (path === from || path.startsWith(`${from}/`)) {
      return `${to}${path.slice(from.length)}${search}`;
    }
  }
  return undefined;
}
