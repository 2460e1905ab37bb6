import "@portal/ui/styles.css";
import "../app.css";
import type { QueryClient } from "@tanstack/react-query";
import {
  HeadContent,
  Scripts,
  createRootRouteWithContext,
  retainSearchParams,
  useLocation,
  useNavigate,
  useRouter,
  type ErrorComponentProps,
  type SearchMiddleware,
} from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, type ReactNode } from "react";
import { RawIntlProvider } from "react-intl";
import { highlightQueryOptions } from "../features/banners/api/get-highlights";
import { AppShell } from "../shared/components/app-shell";
import { ErrorFrame } from "../shared/components/error-frame";
import { NotFoundPage, RouteError } from "../shared/components/route-states";
import { StartupError } from "../shared/components/startup-error";
import { ConfigContext, configQueryOptions, type PortalConfig } from "../shared/config";
import type { ContentBudget } from "../shared/content-budget";
import { documentTitle, SITE_NAME } from "../shared/head";
import { pageBootScript } from "../shared/boot";
import {
  areasForPath,
  intlFor,
  loadMessages,
  messagesScript,
  type CompiledMessages,
} from "../shared/i18n";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_PARAM,
  LanguageContext,
  htmlLang,
  isLang,
  languageFromSearch,
  languageSearchValue,
  storeLanguage,
  type Lang,
} from "../shared/language";
import { shellMessages } from "../shared/messages";
import { dropSpeculationRules } from "../shared/speculation-rules";

/** Leaves `language=bm` out of every link: the Malay URL of a page is the one without it. */
const dropDefaultLanguage: SearchMiddleware<{ language?: Lang }> = ({ search, next }) => {
  const result = next(search);
  if (result[LANGUAGE_PARAM] !== DEFAULT_LANGUAGE) return result;
  const { [LANGUAGE_PARAM]: _dropped, ...rest } = result;
  return rest;
};

/** What the server (or the browser) gives every route before the root route adds its part. */
export interface RouterContext {
  queryClient: QueryClient;
  siteUrl: string;
  budget: ContentBudget;
}

/**
 * Root route: the whole document (head, page frame, scripts). Its context holds what decides how
 * a page looks, for the server and the browser alike: the language (from `?language=` only), the
 * compiled messages of that language, and the configuration (null when the config service could
 * not be read: the page is then the startup failure page).
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: (search: Record<string, unknown>): { language?: Lang } => ({
    language: isLang(search[LANGUAGE_PARAM]) ? (search[LANGUAGE_PARAM] as Lang) : undefined,
  }),
  // Every internal link keeps the language of the page it is on; Malay, the default, is left
  // out (a page opened as `?language=bm` links to the short Malay URLs, its canonical ones).
  search: { middlewares: [dropDefaultLanguage, retainSearchParams([LANGUAGE_PARAM])] },
  beforeLoad: async ({ context, location, search }) => {
    const lang = languageFromSearch(search);
    const [messages, config] = await Promise.all([
      loadMessages(lang, areasForPath(location.pathname)),
      context.queryClient
        .ensureQueryData(configQueryOptions())
        .then((value): PortalConfig | null => value)
        .catch(() => null),
    ]);
    return { lang, messages, config };
  },
  // The banners above every page, within the request's budget (late ones stream in).
  loader: ({ context }) => {
    if (!context.config) return;
    const { queryClient, lang, budget } = context;
    return budget.wait(
      Promise.all(
        (["announcement", "promotion"] as const).map((kind) =>
          queryClient.prefetchQuery(highlightQueryOptions(lang, kind)),
        ),
      ),
    );
  },
  // The frame's head; each page's own head (title, description, canonical, cards) follows and
  // overrides it. A page that is not there (404) or failed is not indexed.
  head: ({ match, matches }) => {
    const { lang, messages } = match.context;
    const intl = intlFor(lang, messages);
    const missing = matches.some(
      (item) =>
        item.status === "notFound" ||
        (item as { _notFound?: boolean; globalNotFound?: boolean })._notFound ||
        (item as { globalNotFound?: boolean }).globalNotFound,
    );
    const failed = !match.context.config || matches.some((item) => item.status === "error");
    const title = missing
      ? intl.formatMessage(shellMessages.notFoundTitle)
      : failed
        ? intl.formatMessage(shellMessages.errorTitle)
        : SITE_NAME;
    return {
      meta: [
        { charSet: "utf-8" },
        { name: "viewport", content: "width=device-width, initial-scale=1" },
        { name: "theme-color", content: "#0b4fa8" },
        { title: documentTitle(title) },
        {
          name: "description",
          content: intl.formatMessage(
            missing ? shellMessages.notFoundBody : shellMessages.siteDescription,
          ),
        },
        ...(missing || failed ? [{ name: "robots", content: "noindex" }] : []),
      ],
      links: [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }],
    };
  },
  component: RootComponent,
  notFoundComponent: NotFoundPage,
  // Inside the document and its IntlProvider, with the brand: never the router's default
  // "Something went wrong!" (which has no language, no brand, and no way back).
  errorComponent: RootError,
});

function RootError(props: ErrorComponentProps) {
  return (
    <RootDocument>
      <ErrorFrame>
        <RouteError {...props} />
      </ErrorFrame>
    </RootDocument>
  );
}

function RootComponent() {
  const { config } = Route.useRouteContext();
  // Hydrated: the router opens pages from now on, so the prerendering rules go.
  useEffect(dropSpeculationRules, []);
  return (
    <RootDocument>
      {config ? (
        <ConfigContext.Provider value={config}>
          <AppShell />
        </ConfigContext.Provider>
      ) : (
        <StartupError />
      )}
    </RootDocument>
  );
}

/** The catalogs of a document rendered before the root's context was made (default texts). */
const NO_MESSAGES: Record<Lang, CompiledMessages> = { bm: {}, en: {} };

/** <html> with the language, the head, the providers every page needs, and the scripts. */
function RootDocument({ children }: { children: ReactNode }) {
  // The root's error boundary renders this too, possibly before the root's context was made:
  // the language then comes from the URL, and the messages may be missing (default texts).
  const context = Route.useRouteContext() as Partial<{
    lang: Lang;
    messages: CompiledMessages;
  }>;
  const search = Route.useSearch();
  const pathname = useLocation({ select: (location) => location.pathname });
  const nonce = useRouter().options.ssr?.nonce;
  const lang = context.lang ?? languageFromSearch(search);
  const messages = context.messages;
  const navigate = useNavigate();
  const setLanguage = useCallback(
    (next: Lang) => {
      storeLanguage(globalThis.localStorage, next);
      void navigate({
        to: ".",
        search: (prev: Record<string, unknown>) => ({
          ...prev,
          [LANGUAGE_PARAM]: languageSearchValue(next),
        }),
        replace: true,
      });
    },
    [navigate],
  );
  const language = useMemo(() => ({ lang, setLanguage }), [lang, setLanguage]);
  return (
    // The first script may add classes (closed banners) before React hydrates.
    <html lang={htmlLang(lang)} suppressHydrationWarning>
      <head>
        {/* First, before anything paints: language redirect, closed banners, service URLs. Run
            once by the browser as it parses the page (hydration keeps it, never re-runs it). */}
        <script
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? pageBootScript() : "" }}
          suppressHydrationWarning
        />
        {/* The catalog the page was rendered with: its key and files, for the entry to load
            before it hydrates (the hydration data names the catalog, src/shared/i18n.tsx). */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html:
              import.meta.env.SSR && messages ? messagesScript(lang, areasForPath(pathname)) : "",
          }}
          suppressHydrationWarning
        />
        <HeadContent />
      </head>
      <body>
        <LanguageContext.Provider value={language}>
          {/* One Intl object per catalog for the process (formatters memoised across renders),
              not a new IntlProvider cache per render. */}
          <RawIntlProvider value={intlFor(lang, messages ?? NO_MESSAGES[lang])}>
            {children}
          </RawIntlProvider>
        </LanguageContext.Provider>
        <Scripts />
      </body>
    </html>
  );
}
