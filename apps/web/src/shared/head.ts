import { LANGUAGE_PARAM, htmlLang, type Lang } from "./language";
import { isCampaignPrice, type Priced } from "./price";

/** Brand suffix of every document title. */
export const SITE_NAME = "Suria";

/** The share image used when a page has none of its own (1200 x 630, in public/). */
export const DEFAULT_SHARE_IMAGE = "/share-card.png";

/** What the root route puts in every route's context that a page's head needs. */
export interface HeadContext {
  lang: Lang;
  siteUrl: string;
}

/** A JSON-LD object (schema.org), written into the page as application/ld+json. */
export type JsonLd = Record<string, unknown>;

/** One page's head: its own title, description, URL, share card and structured data. */
export interface PageHeadInput {
  /** The page's path without the language (e.g. "/channels/tv3"). */
  path: string;
  /** Other search values that make the page what it is (e.g. { keyword: "sukan" }). */
  search?: Record<string, string | undefined>;
  /** The page's own name; " | Suria" is added (the home page passes SITE_NAME). */
  title: string;
  description: string;
  /** Absolute or site-relative image for the share card. */
  image?: string | undefined;
  imageAlt?: string | undefined;
  /** Open Graph type: website by default. */
  type?: "website" | "article" | "video.movie" | "product";
  jsonLd?: JsonLd[];
  /** Pages a search engine should not index (journeys, search results, 404). */
  noindex?: boolean;
}

/** The head the router renders: meta tags, links and scripts (JSON-LD). */
export interface RouteHead {
  meta: Array<Record<string, string>>;
  links: Array<Record<string, string>>;
  scripts: Array<{ type: string; children: string }>;
}

/** Strips tags and collapses whitespace (for descriptions built from HTML). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A description of at most 160 characters, cut at a word. */
export function shortDescription(text: string): string {
  const plain = plainText(text);
  if (plain.length <= 160) return plain;
  const cut = plain.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 100 ? cut.lastIndexOf(" ") : 157)}...`;
}

/** The document title of a page ("Channels | Suria"; the home page is "Suria"). */
export function documentTitle(title: string): string {
  return title === SITE_NAME ? SITE_NAME : `${title} | ${SITE_NAME}`;
}

/** The page's URL in a language: Malay has no language parameter, English has ?language=en. */
export function pageUrl(
  siteUrl: string,
  path: string,
  lang: Lang,
  search: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined && value !== "") params.set(key, value);
  }
  if (lang !== "bm") params.set(LANGUAGE_PARAM, lang);
  const query = params.toString();
  return `${siteUrl.replace(/\/+$/, "")}${path}${query ? `?${query}` : ""}`;
}

const absolute = (siteUrl: string, url: string) => new URL(url, `${siteUrl}/`).href;

/** JSON text safe inside <script> (no "</script>" or "<!--" can end it early). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026");
}

/**
 * A page's head: title, description, canonical URL, hreflang alternates (ms, en, x-default = the
 * Malay URL), Open Graph and Twitter card with an image, robots, and JSON-LD.
 */
export function pageHead(context: HeadContext, input: PageHeadInput): RouteHead {
  const { lang, siteUrl } = context;
  const title = documentTitle(input.title);
  const description = shortDescription(input.description);
  const canonical = pageUrl(siteUrl, input.path, lang, input.search);
  const image = absolute(siteUrl, input.image ?? DEFAULT_SHARE_IMAGE);
  const meta: Array<Record<string, string>> = [
    { title },
    { name: "description", content: description },
    { name: "robots", content: input.noindex ? "noindex, follow" : "index, follow" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: input.imageAlt ?? input.title },
    { property: "og:locale", content: lang === "bm" ? "ms_MY" : "en_MY" },
    { property: "og:locale:alternate", content: lang === "bm" ? "en_MY" : "ms_MY" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  const links: Array<Record<string, string>> = input.noindex
    ? []
    : [
        { rel: "canonical", href: canonical },
        ...(["bm", "en"] as const).map((other) => ({
          rel: "alternate",
          hrefLang: htmlLang(other),
          href: pageUrl(siteUrl, input.path, other, input.search),
        })),
        {
          rel: "alternate",
          hrefLang: "x-default",
          href: pageUrl(siteUrl, input.path, "bm", input.search),
        },
      ];
  const scripts = (input.jsonLd ?? []).map((data) => ({
    type: "application/ld+json",
    children: jsonForScript({ "@context": "https://schema.org", ...data }),
  }));
  return { meta, links, scripts };
}

/** schema.org BreadcrumbList for a trail of [name, path] (Home first). */
export function breadcrumbs(
  context: HeadContext,
  trail: ReadonlyArray<readonly [name: string, path: string]>,
): JsonLd {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], index) => ({
      "@type": "ListItem",
      position: index + 1,
      name,
      item: pageUrl(context.siteUrl, path, context.lang),
    })),
  };
}

/**
 * schema.org Product with its Offer in Malaysian ringgit (plans, packs, bundles): `price` is what
 * a new subscriber pays for the first month today (the net campaign price, as the sign-up records
 * it), with `priceValidUntil` the last day of the campaign that gave it; `priceSpecification`
 * holds each monthly period (`billingStart` months already billed, `billingDuration` months).
 */
export function productLd(
  context: HeadContext,
  product: {
    name: string;
    description: string;
    path: string;
    image?: string | undefined;
    priced: Priced;
  },
): JsonLd {
  const url = pageUrl(context.siteUrl, product.path, context.lang);
  const { price, priceValidUntil } = product.priced;
  const money = (amount: number) => amount.toFixed(2);
  const periods = price.periods.map((period) => ({
    "@type": "UnitPriceSpecification",
    price: money(period.monthlyRm),
    priceCurrency: "MYR",
    unitCode: "MON",
    referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
    ...(price.periods.length > 1
      ? {
          billingStart: period.fromMonth - 1,
          ...(period.toMonth !== undefined
            ? { billingDuration: period.toMonth - period.fromMonth + 1 }
            : {}),
        }
      : {}),
  }));
  return {
    "@type": "Product",
    name: product.name,
    description: shortDescription(product.description),
    url,
    ...(product.image ? { image: absolute(context.siteUrl, product.image) } : {}),
    brand: { "@type": "Brand", name: SITE_NAME },
    offers: {
      "@type": "Offer",
      price: money(price.periods[0]?.monthlyRm ?? price.regularMonthlyRm),
      priceCurrency: "MYR",
      ...(priceValidUntil && isCampaignPrice(price) ? { priceValidUntil } : {}),
      availability: "https://schema.org/InStock",
      url,
      priceSpecification: periods.length === 1 ? periods[0] : periods,
    },
  };
}

/** schema.org Organization (home page). */
export function organizationLd(context: HeadContext, whatsappNumber: string | undefined): JsonLd {
  return {
    "@type": "Organization",
    name: SITE_NAME,
    url: pageUrl(context.siteUrl, "/", context.lang),
    logo: absolute(context.siteUrl, "/favicon.svg"),
    ...(whatsappNumber
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            contactType: "customer service",
            telephone: `+${whatsappNumber.replace(/\D/g, "")}`,
            availableLanguage: ["ms", "en"],
          },
        }
      : {}),
  };
}

/** A content image as a share-card image: only raster images (link previews ignore SVG). */
export function shareImage(url: string | undefined): string | undefined {
  return url && /\.(png|jpe?g|webp)(\?|$)/i.test(url) ? url : undefined;
}
