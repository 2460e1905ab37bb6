// @portal/support-search/query: the query rule alone (`normalizeQuery`, no entity tables, no
// index), for a route loader that every page's entry carries.
export { normalizeQuery } from "./query";
