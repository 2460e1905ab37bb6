import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ContentCache } from "../../content/cache.js";
import { onContentImported } from "../../content/events.js";
import {
  COMPRESS_MIN_BYTES,
  encodedVariant,
  encodingFor,
  type Answer,
} from "../../content/encoded.js";
import { contentVersion, importContent, type ContentKind } from "../../content/importer.js";
import { contentPricer, type ContentPricer, type PricedKind } from "../../content/prices.js";
import {
  activeHighlight,
  ContentRepository,
  type PageFilterField,
} from "../../content/repository.js";
import { SiteIndexHolder } from "../../content/site-index.js";
import {
  buildSiteIndexesAsync,
  CANDIDATES_PER_QUERY,
  CANDIDATES_PER_TERM,
  searchSite,
} from "../../content/site-search.js";
import {
  createSupportIndexAsync,
  excerpt,
  normalizeQuery,
  type SupportCategory,
} from "@portal/support-search";
import { malaysianDate } from "../../lib/clock.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { seedDir } from "../../lib/paths.js";
import type { OperationTable } from "../../openapi/register.js";
import { replyNotModified, strongEtag } from "../../plugins/etag.js";
import { ImageStore, registerContentImages } from "./images.js";

const answerOf = (json: string): Answer => {
  const body = `{"response":${json}}`;
  return { body, etag: strongEtag(body) };
};

/**
 * Sends a cached answer, compressed (brotli, else gzip) when the client accepts it and the body
 * is worth it; the compressed bytes are kept with the answer in the cache. A matching
 * If-None-Match is answered here with 304 from the cached ETag of the chosen representation,
 * without a body to serialise, hash or strip (the etag plugin leaves non-200 answers alone).
 */
const send = (reply: FastifyReply, answer: Answer) => {
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
  const encoding =
    answer.body.length >= COMPRESS_MIN_BYTES
      ? encodingFor(reply.request.headers["accept-encoding"])
      : undefined;
  const chosen = encoding ? encodedVariant(answer, encoding) : answer;
  if (replyNotModified(reply, chosen.etag)) return reply;
  if (encoding) reply.header("content-encoding", encoding);
  return reply
    .header("etag", chosen.etag)
    .type("application/json; charset=utf-8")
    .send(chosen.body);
};

const intFromEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isInteger(value) && value >= 0
    ? value
    : fallback;
};

const SUPPORT_LANGS = ["bm", "en"] as const;
/** Hits of a support search when `limit` is absent (content.yaml LimitQuery). */
const SUPPORT_SEARCH_LIMIT = 20;
/** Matched words sent per support hit (content.yaml SupportSearchHit.terms). */
const SUPPORT_HIT_TERMS = 20;
/** Questions a support topic previews (content.yaml SupportTopic.questions). */
const SUPPORT_TOPIC_QUESTIONS = 4;

type Params = Record<string, string>;
/** The page parameters of content.yaml (PageQuery, PageLimitQuery; defaults filled by Ajv). */
interface PageParams {
  page: number;
  limit: number;
}
/** A cached page: its answer and the list's total (to refuse a page past the last). */
type PageAnswer = Answer & { total: number };
const paramsOf = (request: FastifyRequest) => request.params as Params;
const langQuery = (request: FastifyRequest) => (request.query as { lang: string }).lang;

/**
 * Loads the seed content when the content tables were never filled (first start on a new data
 * directory or database). A database that already holds content is left alone: content loaded
 * with the seed command from another folder is not overwritten.
 */
async function importAtStart(scope: FastifyInstance): Promise<void> {
  const dir = seedDir();
  if (!existsSync(join(dir, "manifest.json"))) {
    scope.log.warn({ seedDir: dir }, "no seed content (manifest.json) to import");
    return;
  }
  const result = await importContent(scope.db, { seedDir: dir, onlyIfEmpty: true });
  if (result.changed)
    scope.log.info({ version: result.version, counts: result.counts }, "content imported");
}

/**
 * The content catalogue of openapi/content.yaml (everything but the account operations): every
 * GET answers from the content tables in the `{ response }` envelope with an ETag. Answers are
 * kept serialised in an in-process cache per operation and parameters, emptied by an import.
 * Plans, packs and campaigns carry what the service computes on the Malaysian day of the request
 * (prices, campaign status and offers): their answers are cached per day as well, so the first
 * request after midnight (UTC+8) is answered with the new day's campaign rules.
 * Also serves the content images under /content/images/.
 */
export async function contentCatalogOperations(scope: FastifyInstance): Promise<OperationTable> {
  await importAtStart(scope);
  const db = scope.db;
  const repo = new ContentRepository(db);
  const version = () => contentVersion(db);
  const recheckMs = intFromEnv("CONTENT_CACHE_RECHECK_MS", 5000);
  const cache = new ContentCache({
    maxEntries: intFromEnv("CONTENT_CACHE_MAX", 2000),
    recheckMs,
    version,
  });
  // Search keywords are unbounded: their own, smaller cache so they never evict the pages.
  const searchCache = new ContentCache({
    maxEntries: Math.min(intFromEnv("CONTENT_CACHE_MAX", 2000), 500),
    recheckMs,
    version,
  });
  const images = new ImageStore(join(seedDir(), "images"));
  // The site search's indexes: built here, before the services report ready, then again on each
  // import (this process's at once, another's when a search's recheck finds it).
  const siteIndex = new SiteIndexHolder({
    build: () => buildSiteIndexesAsync(db),
    version,
    recheckMs,
    onError: (error) => scope.log.error({ err: error }, "site search index build failed"),
  });
  const built = await siteIndex.load();
  scope.log.info(
    { version: built.version, buildMs: Math.round(built.buildMs) },
    "site search index built",
  );
  const off = onContentImported(db, (v) => {
    cache.clear(v);
    searchCache.clear(v);
    images.clear();
    siteIndex.refresh(v);
  });
  scope.addHook("onClose", async () => off());
  registerContentImages(scope, images);

  const cached = (key: string, load: () => Promise<string | undefined>) =>
    cache.get(key, async () => {
      const json = await load();
      return json === undefined ? undefined : answerOf(json);
    });

  /**
   * Answers the cached answer of `key`, loading it on a miss; `missing` is the error when there
   * is nothing to answer. A held answer goes out synchronously: no promise on the hot path (a
   * 304 costs little more than a bare route).
   */
  const respond = (
    reply: FastifyReply,
    key: string,
    load: () => Promise<string | undefined>,
    missing: () => Error,
  ): undefined | Promise<FastifyReply> => {
    const hit = cache.peek<Answer>(key);
    if (hit) {
      send(reply, hit);
      return undefined;
    }
    return cached(key, load).then((answer) => {
      if (!answer) throw missing();
      return send(reply, answer);
    });
  };
  const emptyList = (key: string) => () => new Error(`${key}: a list answered nothing`);

  /** Today in Malaysia: the day whose campaign rules price the answers. */
  const today = () => malaysianDate(scope.clock.now());
  /** The pricer of a language and day, over the shop's catalogue (cached per content version). */
  const pricerOf = async (lang: string, day: string): Promise<ContentPricer> => {
    const catalog = await cache.get(`price-catalog:${lang}`, () =>
      scope.services.catalog.load(db, lang as "bm" | "en"),
    );
    if (!catalog) throw new Error(`no catalogue for ${lang}`);
    return contentPricer(catalog, day);
  };
  /**
   * A loader whose JSON is completed by the pricer of `lang` on `day` (nothing to complete:
   * undefined, the 404 of the caller).
   */
  const pricedLoad =
    (
      lang: string,
      day: string,
      load: () => Promise<string | undefined>,
      complete: (pricer: ContentPricer, json: string) => string,
    ) =>
    async () => {
      const json = await load();
      return json === undefined ? undefined : complete(await pricerOf(lang, day), json);
    };

  /** GET of one document by its id parameter; 404 naming the kind when absent. */
  const byId =
    (operationId: string, kind: ContentKind, label: string, param = "id") =>
    (request: FastifyRequest, reply: FastifyReply) => {
      const p = paramsOf(request);
      const id = p[param] as string;
      return respond(
        reply,
        `${operationId}:${p.lang}:${id}`,
        () => repo.one(kind, p.lang as string, id),
        () => notFound(`${label} ${id} not found`, `${kind}.notFound`),
      );
    };

  /** GET of one plan or pack by id, with its price of the day. */
  const pricedById =
    (operationId: string, kind: PricedKind, label: string) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      const { lang, id } = paramsOf(request) as { lang: string; id: string };
      const day = today();
      return respond(
        reply,
        `${operationId}:${lang}:${id}@${day}`,
        pricedLoad(
          lang,
          day,
          () => repo.one(kind, lang, id),
          (pricer, json) => JSON.stringify(pricer.item(kind, JSON.parse(json))),
        ),
        () => notFound(`${label} ${id} not found`, `${kind}.notFound`),
      );
    };

  /**
   * One page of a list (issue 22): `{ items, total, page, limit }` cut by the database, cached
   * per page like every answer (with its compressed variants and ETag). A page past the last
   * one is the contract's 400 naming `page`; page 1 always answers, empty when nothing matches.
   */
  const respondPage = (
    reply: FastifyReply,
    key: string,
    { page, limit }: PageParams,
    load: () => Promise<{ json: string; total: number }>,
  ): undefined | Promise<FastifyReply> => {
    const answerPage = (answer: PageAnswer) => {
      if (page > 1 && (page - 1) * limit >= answer.total) {
        const last = Math.max(1, Math.ceil(answer.total / limit));
        throw badRequest(
          "page",
          "validation.page.outOfRange",
          `page ${page} is past the last page (${last})`,
        );
      }
      return send(reply, answer);
    };
    const pageKey = `${key}:p${page}:l${limit}`;
    const hit = cache.peek<PageAnswer>(pageKey);
    if (hit) {
      answerPage(hit);
      return undefined;
    }
    return cache
      .get<PageAnswer>(pageKey, async () => {
        const { json, total } = await load();
        return { ...answerOf(json), total };
      })
      .then((answer) => {
        if (!answer) throw new Error(`${pageKey}: a page answered nothing`);
        return answerPage(answer);
      });
  };
  const pageOf = (request: FastifyRequest) => request.query as PageParams;

  /** A paged listing (`?lang=&page=&limit=`) of documents, optionally filtered on a field. */
  const pagedListing =
    (operationId: string, kind: ContentKind, filter?: PageFilterField) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as PageParams & { lang: string } & Record<string, string>;
      const value = filter ? query[filter] : undefined;
      const match = filter && value ? { field: filter, value } : undefined;
      return respondPage(reply, `${operationId}:${query.lang}:${value ?? ""}`, query, () =>
        repo.page(kind, query.lang, { ...query, match, genres: kind === "channel" }),
      );
    };

  /** A paged listing of plans or packs, each with its price of the day. */
  const pricedPagedListing =
    (operationId: string, kind: PricedKind) => (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as PageParams & { lang: string };
      const day = today();
      return respondPage(reply, `${operationId}:${query.lang}@${day}`, query, async () => {
        const { json, total } = await repo.page(kind, query.lang, query);
        return { json: (await pricerOf(query.lang, day)).listing(kind, json), total };
      });
    };

  /** The current banner of a kind: the first in file order whose window contains now. */
  const highlight =
    (kind: "announcement" | "promotion") =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { lang } = paramsOf(request);
      const rows = await cache.get(`highlights:${kind}:${lang}`, async () =>
        (await repo.highlights(kind, lang as string)).map((r) => ({
          ...r,
          answer: answerOf(r.json),
        })),
      );
      const active = activeHighlight(rows ?? [], scope.clock.now());
      if (!active) throw notFound(`No current ${kind}`, "highlight.notFound");
      return send(reply, active.answer);
    };

  /**
   * The support centre of a language with its index (for related questions), per content version.
   * The index is built in slices (issue 22: up to 2.7 s in one block at 100x the seed), so the
   * service keeps answering while an import's support centre is indexed.
   */
  const supportOf = (lang: string) =>
    cache.get(`support-index:${lang}`, async () => {
      const categories = JSON.parse(await repo.list("support", lang)) as SupportCategory[];
      return { categories, index: await createSupportIndexAsync(categories) };
    });
  const supportNotFound = (what: string) => () =>
    notFound(`Support ${what} not found`, "support.notFound");
  // The support search's index is built with the content, not by a visitor's search (issue 22):
  // at start, before ready, and again after each import of this process.
  const warmSupport = () => Promise.all(SUPPORT_LANGS.map((lang) => supportOf(lang)));
  await warmSupport();
  const offSupport = onContentImported(db, () => {
    warmSupport().catch((error: unknown) =>
      scope.log.error({ err: error }, "support search index build failed"),
    );
  });
  scope.addHook("onClose", async () => offSupport());

  return {
    getAnnouncement: highlight("announcement"),
    getSupportTopics(request, reply) {
      const { lang } = paramsOf(request) as { lang: string };
      const { page, limit } = pageOf(request);
      // One page of the categories (issue 22): each with its count and the first questions the
      // support home previews, cut from the support centre this process keeps for its search.
      return respondPage(reply, `getSupportTopics:${lang}`, { page, limit }, async () => {
        const categories = (await supportOf(lang))?.categories ?? [];
        const items = categories
          .slice((page - 1) * limit, page * limit)
          .map(({ name, slug, questions }) => ({
            name,
            slug,
            questionCount: questions.length,
            questions: questions
              .slice(0, SUPPORT_TOPIC_QUESTIONS)
              .map((question) => ({ slug: question.slug, name: question.name })),
          }));
        const total = categories.length;
        return { json: JSON.stringify({ items, total, page, limit }), total };
      });
    },
    getSupportCategory(request, reply) {
      const { lang, category } = paramsOf(request);
      return respond(
        reply,
        `getSupportCategory:${lang}:${category}`,
        async () => {
          const found = (await supportOf(lang as string))?.categories.find(
            (item) => item.slug === category,
          );
          return found && JSON.stringify(found);
        },
        supportNotFound(`category ${category}`),
      );
    },
    getSupportQuestion(request, reply) {
      const { lang, category, question } = paramsOf(request);
      return respond(
        reply,
        `getSupportQuestion:${lang}:${category}:${question}`,
        async () => {
          const support = await supportOf(lang as string);
          const owner = support?.categories.find((item) => item.slug === category);
          const found = owner?.questions.find((item) => item.slug === question);
          if (!support || !owner || !found) return undefined;
          // The rule of the support centre's own index: other questions sharing a tag.
          const related = support.index
            .related(`${category}/${question}`, 5)
            .map((item) => ({ category: item.category, slug: item.questionSlug, name: item.name }));
          return JSON.stringify({
            category: { name: owner.name, slug: owner.slug },
            question: found,
            related,
          });
        },
        supportNotFound(`question ${category}/${question}`),
      );
    },
    async searchSupport(request, reply) {
      const { lang } = paramsOf(request) as { lang: string };
      const query = request.query as { q: string; limit?: number };
      const q = normalizeQuery(query.q);
      if (!q) throw badRequest("q", "validation.required", "q is required");
      const limit = query.limit ?? SUPPORT_SEARCH_LIMIT;
      // Keyword answers live in the search cache (unbounded keys), per content version.
      const answer = await searchCache.get(`searchSupport:${lang}:${limit}:${q}`, async () => {
        // A language without support content has an empty index: no hits (200), as its topics
        // are an empty list.
        const index = (await supportOf(lang))?.index;
        // Top-k, as the site search: at most CANDIDATES_PER_QUERY questions ranked, so a query
        // costs the same at 100x the content; at seed size no bound cuts and the ranking is the
        // one the browser's index had.
        const hits = (
          index?.search(q, {
            limit,
            candidatesPerTerm: CANDIDATES_PER_TERM,
            candidates: CANDIDATES_PER_QUERY,
          }) ?? []
        ).map((result) => {
          const terms = result.terms.slice(0, SUPPORT_HIT_TERMS);
          return {
            slug: result.question.questionSlug,
            category: { name: result.category.name, slug: result.category.slug },
            name: result.question.name,
            excerpt: excerpt(result.question.searchText, new Set(terms)),
            terms,
          };
        });
        return answerOf(JSON.stringify({ q, lang, hits }));
      });
      return send(reply, answer as Answer);
    },
    getPromotion: highlight("promotion"),
    getSupportAll(request, reply) {
      const { lang } = paramsOf(request) as { lang: string };
      return respondPage(reply, `getSupportAll:${lang}`, pageOf(request), () =>
        repo.page("support", lang, pageOf(request)),
      );
    },
    getProductContent: byId("getProductContent", "product", "Product", "product"),
    getProductComboList(request, reply) {
      const { lang, product } = paramsOf(request) as { lang: string; product: string };
      const day = today();
      const key = `getProductComboList:${lang}:${product}@${day}`;
      return respond(
        reply,
        key,
        pricedLoad(
          lang,
          day,
          () => repo.list("combo", lang, { field: "product", value: product }),
          (pricer, json) => pricer.list("combo", json),
        ),
        emptyList(key),
      );
    },
    getProductItem(request, reply) {
      const { lang, product, id } = paramsOf(request) as Record<"lang" | "product" | "id", string>;
      const day = today();
      return respond(
        reply,
        `getProductItem:${lang}:${product}:${id}@${day}`,
        pricedLoad(
          lang,
          day,
          () => repo.one("combo", lang, id, { field: "product", value: product }),
          (pricer, json) => JSON.stringify(pricer.item("combo", JSON.parse(json))),
        ),
        () => notFound(`Package ${id} of ${product} not found`, "combo.notFound"),
      );
    },
    getCampaigns(request, reply) {
      const { lang } = paramsOf(request) as { lang: string };
      const day = today();
      const key = `getCampaigns:${lang}@${day}`;
      return respond(
        reply,
        key,
        pricedLoad(
          lang,
          day,
          () => repo.list("campaign", lang),
          (pricer, json) => pricer.campaigns(json),
        ),
        emptyList(key),
      );
    },
    getCampaign(request, reply) {
      const { lang, id } = paramsOf(request) as { lang: string; id: string };
      const day = today();
      return respond(
        reply,
        `getCampaign:${lang}:${id}@${day}`,
        pricedLoad(
          lang,
          day,
          () => repo.one("campaign", lang, id),
          (pricer, json) => JSON.stringify(pricer.campaign(JSON.parse(json))),
        ),
        () => notFound(`Campaign ${id} not found`, "campaign.notFound"),
      );
    },
    listStoreArticles(request, reply) {
      const { lang } = paramsOf(request);
      return respondPage(reply, `listStoreArticles:${lang}`, pageOf(request), () =>
        repo.page("article", lang as string, pageOf(request)),
      );
    },
    getStoreArticle: byId("getStoreArticle", "article", "Store article"),
    getDealersByState(request, reply) {
      const { state } = paramsOf(request);
      return respondPage(reply, `getDealersByState:${state}`, pageOf(request), () =>
        repo.page("dealer", "", {
          ...pageOf(request),
          match: { field: "state", value: state as string },
        }),
      );
    },
    getChannel: byId("getChannel", "channel", "Channel"),
    getMovie: byId("getMovie", "movie", "Movie"),
    getBundle: pricedById("getBundle", "bundle", "Bundle"),
    getPackage: pricedById("getPackage", "package", "Package"),
    async search(request, reply) {
      const query = request.query as { keyword: string; lang: "bm" | "en"; limit?: number };
      const keyword = normalizeQuery(query.keyword);
      if (!keyword) throw badRequest("keyword", "validation.required", "keyword is required");
      const limit = query.limit ?? 20;
      // The indexes of the newest content (built at import, never here); answers are kept per
      // index version, so none outlives its index.
      const { version: indexVersion, sites } = await siteIndex.current();
      const key = `search:${indexVersion}:${query.lang}:${limit}:${keyword}`;
      const answer = await searchCache.get(key, async () =>
        answerOf(
          JSON.stringify(searchSite(sites[query.lang], { keyword, lang: query.lang, limit })),
        ),
      );
      return send(reply, answer as Answer);
    },
    listPackages: pricedPagedListing("listPackages", "package"),
    listChannels: pagedListing("listChannels", "channel", "genre"),
    listBundles: pricedPagedListing("listBundles", "bundle"),
    listMovies: pagedListing("listMovies", "movie"),
    getHome(request, reply) {
      const lang = langQuery(request);
      const day = today();
      return respond(
        reply,
        `getHome:${lang}@${day}`,
        pricedLoad(
          lang,
          day,
          () => repo.one("home", lang, "home"),
          (pricer, json) => pricer.home(json),
        ),
        // The contract has no 404 here: missing home content is a broken installation.
        () => new Error(`home content (${lang}) is missing; run the content import`),
      );
    },
    getTerms(request, reply) {
      const { termsType } = paramsOf(request);
      const lang = langQuery(request);
      return respond(
        reply,
        `getTerms:${lang}:${termsType}`,
        () => repo.one("terms", lang, termsType as string),
        () => notFound(`Legal page ${termsType} not found`, "terms.notFound"),
      );
    },
  };
}
