// The "Paged lists" example of the README, run against the services (PORTAL_URL).
import assert from "node:assert/strict";
import { createPortalApi, DEFAULT_PAGE_SIZE, lastPage, listAllPages } from "@portal/api-client";

const base = process.env.PORTAL_URL ?? "http://localhost:4000";
const api = createPortalApi({ baseUrls: { content: `${base}/content` } });

// #region pages
const first = await api.content.listChannels({ lang: "en", page: 1 }); // 24 channels
const pages = lastPage(first.data); // ceil(total / limit)
const every = await listAllPages((page) => api.content.listChannels({ lang: "en", ...page }));
// #endregion pages

console.log("channels", first.data.items.length, "of", first.data.total, "in", pages, "pages");
assert.equal(first.data.page, 1);
assert.equal(first.data.limit, DEFAULT_PAGE_SIZE);
assert.equal(first.data.items.length, Math.min(DEFAULT_PAGE_SIZE, first.data.total));
assert.equal(pages, Math.ceil(first.data.total / first.data.limit));
assert.equal(every.length, first.data.total);
assert.deepEqual(
  every.slice(0, first.data.items.length).map((channel) => channel.id),
  first.data.items.map((channel) => channel.id),
);
