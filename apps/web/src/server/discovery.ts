import { listAllPages } from "@portal/api-client";
import { STATES } from "@portal/validation";
import { api } from "../shared/api";
import { pageUrl } from "../shared/head";
import { LANGUAGES, htmlLang, type Lang } from "../shared/language";

/** One page of the sitemap: its path (and search), and when its content last changed, if known. */
export interface SitemapPage {
  path: string;
  search?: Record<string, string>;
  lastmod?: string | undefined;
}

const TERMS = ["privacy-notice", "privacy-policy", "terms-of-use", "terms-and-conditions"] as const;

/** Today in Malaysia (UTC+8), YYYY-MM-DD. */
export const malaysianToday = (now: number): string =>
  new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * The newest of some ISO dates (YYYY-MM-DD...) that are not after `today`, or undefined: a date
 * still to come (a campaign that has not started, an article scheduled) dates nothing.
 */
export const newestPast = (
  dates: ReadonlyArray<string | undefined>,
  today: string,
): string | undefined =>
  dates
    .filter((date): date is string => Boolean(date))
    .map((date) => date.slice(0, 10))
    .filter((date) => date <= today)
    .sort()
    .at(-1);

/**
 * Every content page of the portal, read from the content service in Malay (both languages have
 * the same ids; each page is listed with its English alternate). `lastmod` is the content's own
 * date where it has one: a store article's publication, a running campaign's start, a legal text's
 * update, and for a listing the newest of its items. Content without a date gets none (a made-up
 * date would teach search engines to ignore it).
 */
export async function sitemapPages(
  contactEnabled: boolean,
  now: number = Date.now(),
): Promise<SitemapPage[]> {
  const lang: Lang = "bm";
  const today = malaysianToday(now);
  const newest = (dates: ReadonlyArray<string | undefined>) => newestPast(dates, today);
  const c = api.content;
  const [channels, movies, packs, bundles, campaigns, articles, fibre, tv, support, ...terms] =
    await Promise.all([
      // The paged lists, every page (100 items a call): the sitemap names every item.
      listAllPages((page) => c.listChannels({ lang, ...page })),
      listAllPages((page) => c.listMovies({ lang, ...page })),
      listAllPages((page) => c.listPackages({ lang, ...page })),
      listAllPages((page) => c.listBundles({ lang, ...page })),
      c.getCampaigns({ lang }),
      listAllPages((page) => c.listStoreArticles({ lang, ...page })),
      c.getProductComboList({ lang, product: "fibre" }),
      c.getProductComboList({ lang, product: "tv" }),
      listAllPages((page) => c.getSupportAll({ lang, ...page })),
      ...TERMS.map((termsType) => c.getTerms({ lang, termsType })),
    ]);
  const articleDates = articles.map((item) => item.publishedAt);
  // An upcoming campaign's start is a date to come, not a modification: it gets none (and a
  // "current" campaign whose start is still to come by this server's clock neither: newestPast).
  const started = (item: (typeof campaigns.data)[number]) =>
    item.status === "current" ? [item.startDate] : [];
  const campaignDates = campaigns.data.flatMap(started);
  const termsDates = terms.map((item) => item.data.updatedAt);
  return [
    { path: "/", lastmod: newest([...articleDates, ...campaignDates]) },
    { path: "/fibre" },
    ...fibre.data.map((item) => ({ path: `/fibre/${item.id}` })),
    { path: "/tv" },
    ...tv.data.map((item) => ({ path: `/tv/${item.id}` })),
    { path: "/channels" },
    ...channels.map((item) => ({ path: `/channels/${item.id}` })),
    { path: "/movies" },
    ...movies.map((item) => ({ path: `/movies/${item.id}` })),
    { path: "/packages" },
    ...packs.map((item) => ({ path: `/packages/${item.id}` })),
    { path: "/bundles" },
    ...bundles.map((item) => ({ path: `/bundles/${item.id}` })),
    { path: "/campaigns", lastmod: newest(campaignDates) },
    ...campaigns.data.map((item) => ({
      path: `/campaigns/${item.id}`,
      lastmod: newest(started(item)),
    })),
    { path: "/store", lastmod: newest(articleDates) },
    ...articles.map((item) => ({
      path: `/store/${item.id}`,
      lastmod: newest([item.publishedAt]),
    })),
    { path: "/distributors" },
    ...STATES.map((state) => ({ path: "/distributors", search: { state } })),
    { path: "/support" },
    ...support.flatMap((category) => [
      { path: `/support/${category.slug}` },
      ...category.questions.map((question) => ({
        path: `/support/${category.slug}/${question.slug}`,
      })),
    ]),
    ...TERMS.map((termsType, index) => ({
      path: `/legal/${termsType}`,
      lastmod: newest([termsDates[index]]),
    })),
    { path: "/coverage" },
    { path: "/b40" },
    ...(contactEnabled ? [{ path: "/contact-us" }] : []),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The sitemap (sitemaps.org 0.9): each page once per language, each entry with its alternates
 * (xhtml:link hreflang ms, en and x-default), as search engines ask for bilingual sites.
 */
export function sitemapXml(siteUrl: string, pages: readonly SitemapPage[]): string {
  const entries = pages.flatMap((page) =>
    LANGUAGES.map((lang) => {
      const url = (other: Lang) => escapeXml(pageUrl(siteUrl, page.path, other, page.search));
      return [
        "  <url>",
        `    <loc>${url(lang)}</loc>`,
        ...(page.lastmod ? [`    <lastmod>${page.lastmod}</lastmod>`] : []),
        ...LANGUAGES.map(
          (other) =>
            `    <xhtml:link rel="alternate" hreflang="${htmlLang(other)}" href="${url(other)}"/>`,
        ),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${url("bm")}"/>`,
        "  </url>",
      ].join("\n");
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** The journeys and checks that hold a visitor's own steps: kept out of search engines. */
export const PRIVATE_PATHS = [
  "/signup",
  "/register-interest",
  "/entitled-fibre",
  "/referral",
  "/search?",
] as const;

/** robots.txt: everything but the journeys, and where the sitemap is. */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteUrl.replace(/\/+$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}
