import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPortalApi } from "../create-portal-api.js";
import { lastPage, listAllPages, MAX_PAGE_SIZE } from "../pages.js";
import { json, startServer, type TestServer } from "./test-server.js";

// A listing of 250 channels served 100 at most per page, as content.yaml's pagination says.
const TOTAL = 250;
let server: TestServer;
const asked: string[] = [];
beforeEach(async () => {
  asked.length = 0;
  server = await startServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    asked.push(url.search);
    const page = Number(url.searchParams.get("page") ?? 1);
    const limit = Number(url.searchParams.get("limit") ?? 24);
    const from = (page - 1) * limit;
    const ids = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - from)) }, (_, i) => ({
      id: `c${from + i}`,
    }));
    json(res, 200, { response: { items: ids, total: TOTAL, page, limit } });
  });
});
afterEach(() => server.close());

describe("pages", () => {
  it("lastPage: ceil(total / limit), and 1 for an empty list", () => {
    expect(lastPage({ total: 250, limit: 100 })).toBe(3);
    expect(lastPage({ total: 200, limit: 100 })).toBe(2);
    expect(lastPage({ total: 0, limit: 24 })).toBe(1);
  });

  it("listAllPages walks every page with the largest limit, in order", async () => {
    const api = createPortalApi({ baseUrls: { content: `${server.url}/content` } });
    const items = await listAllPages((page) => api.content.listChannels({ lang: "en", ...page }));
    expect(items.map((item) => item.id)).toEqual(Array.from({ length: TOTAL }, (_, i) => `c${i}`));
    expect(asked).toEqual([1, 2, 3].map((n) => `?lang=en&page=${n}&limit=${MAX_PAGE_SIZE}`));
  });
});
