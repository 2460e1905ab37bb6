import type { QueryClient } from "@tanstack/react-query";
import type { MessageDescriptor } from "react-intl";
import type { CompiledMessages } from "./i18n";
import { intlFor } from "./i18n";
import { breadcrumbs, pageHead, type HeadContext, type PageHeadInput } from "./head";
import { shellMessages } from "./messages";
import type { Lang } from "./language";

/** The narrow view of a match that head() functions read (its context is set by the root route). */
export interface HeadMatch {
  context: {
    queryClient: QueryClient;
    lang: Lang;
    siteUrl: string;
    messages: CompiledMessages;
    config?: { products: ReadonlyArray<{ key: string; name: string }> } | null;
  };
}

/**
 * What a route's head() works with: the head context (language, site URL), an Intl object in the
 * page's language, and the query cache its loader filled (`getQueryData` is undefined when the
 * content was late or failed; the head then keeps the root's title).
 */
export function headTools(match: HeadMatch) {
  const { queryClient, lang, siteUrl, messages } = match.context;
  return {
    context: { lang, siteUrl } satisfies HeadContext,
    intl: intlFor(lang, messages),
    queryClient,
  };
}

/**
 * The head of a page whose title and description are messages: the journeys and checks (not
 * indexed: they hold a visitor's own steps) and the fixed pages.
 */
export function messageHead(
  match: HeadMatch,
  page: {
    path: string;
    title: MessageDescriptor;
    description: MessageDescriptor;
    /** Values of the messages' placeholders (e.g. the product's name). */
    values?: Record<string, string>;
    noindex?: boolean;
  },
) {
  const { context, intl } = headTools(match);
  return pageHead(context, {
    path: page.path,
    title: intl.formatMessage(page.title, page.values),
    description: intl.formatMessage(page.description, page.values),
    noindex: page.noindex,
  });
}

/** A title in a head's trail: a message (formatted in the page's language) or a content name. */
export type HeadText = string | MessageDescriptor;

/**
 * The head of a page below home, from its place in the site: `trail` is Home's children down to
 * the page itself ([title, path] each; the last one is the page, its title and path), written as
 * breadcrumbs (JSON-LD) before the page's own `jsonLd`.
 */
export function crumbHead(
  match: HeadMatch,
  page: Omit<PageHeadInput, "path" | "title" | "description"> & {
    trail: ReadonlyArray<readonly [title: HeadText, path: string]>;
    description: HeadText;
  },
) {
  const { context, intl } = headTools(match);
  const text = (value: HeadText) => (typeof value === "string" ? value : intl.formatMessage(value));
  const trail = page.trail.map(([title, path]) => [text(title), path] as const);
  const [title, path] = trail[trail.length - 1]!;
  const { trail: _trail, description, jsonLd = [], ...rest } = page;
  return pageHead(context, {
    ...rest,
    path,
    title,
    description: text(description),
    jsonLd: [
      breadcrumbs(context, [[intl.formatMessage(shellMessages.home), "/"], ...trail]),
      ...jsonLd,
    ],
  });
}

/** A product's name from the configuration ("Suria Fibre", "Suria TV"), for a head's messages. */
export function productName(match: HeadMatch, product: "fibre" | "tv"): string {
  return match.context.config?.products.find((item) => item.key === product)?.name ?? product;
}
