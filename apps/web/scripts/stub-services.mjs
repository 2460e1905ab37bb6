// A read-only stand-in for the config and content services, answering from apps/services/seed/.
// For developing and screenshotting the portal when the real services cannot run; the E2E suite
// runs against the real services (`pnpm start`). Usage: node scripts/stub-services.mjs [port]
// STUB_FAIL=1 makes every content call answer 500 (to see the error states).
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const seed = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "services", "seed");
const port = Number(process.argv[2] ?? process.env.PORT ?? 4000);
const read = (path) => JSON.parse(readFileSync(join(seed, path), "utf8"));
const content = (lang, name) => read(`content/${lang}/${name}.json`);
const byId = (list, id) => list.find((item) => item.id === id);

const config = {
  announcementCloseParam: "hideAnnouncement",
  promotionCloseParam: "hidePromotion",
  languageParam: "language",
  defaultLanguage: "bm",
  languages: ["bm", "en"],
  products: [
    { key: "fibre", name: "Suria Fibre" },
    { key: "tv", name: "Suria TV" },
  ],
  whatsappNumber: "60312345678",
  captcha: {
    provider: "altcha",
    key: "stub",
    challengeUrl: `http://localhost:${port}/marketing/altcha/challenge`,
  },
  contactEnabled: true,
  build: { version: "1.15.6", number: 1 },
  environment: "development",
  marketing: {
    url: `http://localhost:${port}/marketing/contact-us`,
    apiKey: "stub",
    formKey: "stub",
  },
};

function highlight(lang, kind) {
  const now = Date.now();
  return content(lang, "highlights").find(
    (h) =>
      h.kind === kind &&
      (!h.startsAt || Date.parse(h.startsAt) <= now) &&
      (!h.endsAt || now < Date.parse(h.endsAt)),
  );
}

/** Returns the payload for a path, or undefined for 404. */
function route(path, query) {
  const lang = query.get("lang");
  let m;
  if (path === "/config" || path === "/config/") return config;
  if (
    (m = path.match(/^\/content\/api\/v1\/static\/highlight\/(bm|en)\/(announcement|promotion)$/))
  )
    return highlight(m[1], m[2]);
  if ((m = path.match(/^\/content\/api\/v1\/static\/content\/(bm|en)\/get-(fibre|tv)-combo-list$/)))
    return content(m[1], "combos").filter((c) => c.product === m[2]);
  if ((m = path.match(/^\/content\/api\/v1\/static\/content\/(bm|en)\/get-(fibre|tv)\/([\w-]+)$/)))
    return content(m[1], "combos").find((c) => c.product === m[2] && c.id === m[3]);
  if ((m = path.match(/^\/content\/api\/v1\/static\/content\/(bm|en)\/get-(fibre|tv)$/)))
    return content(m[1], "products").find((p) => p.product === m[2]);
  if ((m = path.match(/^\/content\/api\/v1\/static\/content\/(bm|en)\/campaign$/)))
    return content(m[1], "campaigns");
  if ((m = path.match(/^\/content\/api\/v1\/static\/content\/(bm|en)\/campaign\/([\w-]+)$/)))
    return byId(content(m[1], "campaigns"), m[2]);
  if ((m = path.match(/^\/content\/api\/v1\/static\/content\/(bm|en)\/store$/)))
    return content(m[1], "articles");
  if ((m = path.match(/^\/content\/api\/v1\/static\/content\/(bm|en)\/store\/([\w-]+)$/)))
    return byId(content(m[1], "articles"), m[2]);
  if ((m = path.match(/^\/content\/api\/v1\/static\/dealer\/state\/([\w-]+)$/)))
    return read("content/dealers.json").filter((d) => d.state === m[1]);
  if ((m = path.match(/^\/content\/api\/v1\/channel\/(bm|en)\/([\w-]+)$/)))
    return byId(content(m[1], "channels"), m[2]);
  if ((m = path.match(/^\/content\/api\/v1\/static\/movie\/(bm|en)\/([\w-]+)$/)))
    return byId(content(m[1], "movies"), m[2]);
  if ((m = path.match(/^\/content\/api\/v1\/bundle\/(bm|en)\/([\w-]+)$/)))
    return byId(content(m[1], "bundles"), m[2]);
  if ((m = path.match(/^\/content\/api\/v1\/package\/(bm|en)\/([\w-]+)$/)))
    return byId(content(m[1], "packages"), m[2]);
  const listing = (items) => ({ items, total: items.length });
  if (path === "/content/api/v1/listing/channel") return listing(content(lang, "channels"));
  if (path === "/content/api/v1/listing/package") return listing(content(lang, "packages"));
  if (path === "/content/api/v1/listing/bundle") return listing(content(lang, "bundles"));
  if (path === "/content/api/v1/static/afab") return listing(content(lang, "movies"));
  if (path === "/content/api/v1/home/all") return content(lang, "home");
  if ((m = path.match(/^\/content\/api\/v1\/terms\/([\w-]+)$/)))
    return content(lang, "terms").find((t) => t.type === m[1]);
  if (path === "/content/api/v1/search") {
    const keyword = (query.get("keyword") ?? "").toLowerCase();
    const hits = [];
    const add = (kind, list, title, snippet, image) => {
      for (const item of list)
        if (`${item[title]} ${item[snippet]}`.toLowerCase().includes(keyword))
          hits.push({
            kind,
            id: item.id,
            title: item[title],
            snippet: item[snippet],
            image: item[image],
            score: 1,
          });
    };
    add("channel", content(lang, "channels"), "name", "description", "logo");
    add("movie", content(lang, "movies"), "title", "synopsis", "poster");
    add("package", content(lang, "packages"), "name", "description", "image");
    add("bundle", content(lang, "bundles"), "name", "description", "image");
    add("article", content(lang, "articles"), "title", "summary", "image");
    return { keyword, lang, total: hits.length, hits: hits.slice(0, 50) };
  }
  return undefined;
}

createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://localhost:${port}`);
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Headers", "*");
  if (req.method === "OPTIONS") return res.writeHead(204).end();
  if (url.pathname.startsWith("/content/images/")) {
    try {
      const file = readFileSync(
        join(seed, "images", url.pathname.slice("/content/images/".length)),
      );
      return res
        .writeHead(200, { "Content-Type": "image/svg+xml", "Cache-Control": "max-age=3600" })
        .end(file);
    } catch {
      return res.writeHead(404).end();
    }
  }
  const fail = process.env.STUB_FAIL === "1" && url.pathname.startsWith("/content/");
  const payload = fail ? undefined : route(url.pathname, url.searchParams);
  const status = fail ? 500 : payload === undefined ? 404 : 200;
  const body =
    status === 200
      ? { response: payload }
      : {
          statusCode: status,
          error: status === 404 ? "Not Found" : "Internal Server Error",
          message: "stub",
        };
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}).listen(port, "127.0.0.1", () => console.log(`stub services on http://localhost:${port}`));
