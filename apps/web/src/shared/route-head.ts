import type { QueryClient } from "@tanstack/react-query";
import type { MessageDescriptor } from "react-intl";
import type { CompiledMessages } from "./i18n";
import { intlFor } from "./i18n";
import { pageHead, type HeadContext } from "./head";
import type { Lang } from "./language";

/** The narrow view of a match that head() functions read (its context is set by the root route). */
export interface HeadMatch {
  context: { queryClient: QueryClient; lang: Lang; siteUrl: string; messages: CompiledMessages };
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
    noindex?: boolean;
  },
) {
  const { context, intl } = headTools(match);
  return pageHead(context, {
    path: page.path,
    title: intl.formatMessage(page.title),
    description: intl.formatMessage(page.description),
    noindex: page.noindex,
  });
}
