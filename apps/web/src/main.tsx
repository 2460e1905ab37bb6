import "@portal/ui/styles.css";
import "./app.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { Container, ErrorState } from "@portal/ui";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { IntlProvider, useIntl } from "react-intl";
import { highlightQueryOptions } from "./features/banners/api/get-highlights";
import { api } from "./shared/api";
import { ConfigContext, type PortalConfig } from "./shared/config";
import {
  LanguageProvider,
  applyDocumentLanguage,
  areasForPath,
  loadMessages,
  type CompiledMessages,
} from "./shared/i18n";
import { answerKnownLocales } from "./shared/intl-locales";
import { htmlLang, resolveInitialLanguage, type Lang } from "./shared/language";
import { shellMessages } from "./shared/messages";
import { createAppRouter, createQueryClient } from "./router";

// Before any IntlProvider: spares the first load react-intl's costly locale-data check.
answerKnownLocales();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
const root = createRoot(document.getElementById("root")!);

function ConfigError({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Container>
      <ErrorState title={intl.formatMessage(shellMessages.configErrorTitle)} onRetry={onRetry} />
    </Container>
  );
}

function renderConfigError(lang: Lang, messages: CompiledMessages) {
  root.render(
    <IntlProvider locale={htmlLang(lang)} defaultLocale="en" messages={messages}>
      <ConfigError
        onRetry={() => {
          void start();
        }}
      />
    </IntlProvider>,
  );
}

/** Reads the configuration, picks the language, loads its catalog, then renders the app. */
async function start(): Promise<void> {
  const storage = globalThis.localStorage;
  let lang = resolveInitialLanguage({ search: location.search, storage });
  applyDocumentLanguage(lang);
  // Everything the first paint needs is fetched in parallel: the configuration, the catalog, the
  // banners and the first route's data. Rendering once they are in avoids layout shifts (banners
  // pushing the page down, a skeleton flashing before content).
  const firstRoute = router.load().catch(() => undefined);
  const banners = Promise.allSettled(
    (["announcement", "promotion"] as const).map((kind) =>
      queryClient.prefetchQuery(highlightQueryOptions(lang, kind)),
    ),
  );
  const [configResult, messagesResult] = await Promise.allSettled([
    api.config.getConfig(),
    loadMessages(lang, areasForPath(location.pathname)),
  ]);
  await Promise.all([firstRoute, banners]);
  let messages = messagesResult.status === "fulfilled" ? messagesResult.value : {};
  if (configResult.status === "rejected") {
    renderConfigError(lang, messages);
    return;
  }
  const config: PortalConfig = configResult.value.data;
  const configured = resolveInitialLanguage({
    search: location.search,
    storage,
    paramName: config.languageParam,
    configDefault: config.defaultLanguage,
  });
  if (configured !== lang) {
    lang = configured;
    applyDocumentLanguage(lang);
    messages = await loadMessages(lang, areasForPath(location.pathname));
  }
  // A transition renders concurrently: React yields to the browser every few milliseconds instead
  // of rendering the whole first page in one long task (Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <ConfigContext.Provider value={config}>
          <LanguageProvider initialLang={lang} initialMessages={messages}>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </LanguageProvider>
        </ConfigContext.Provider>
      </StrictMode>,
    );
  });
}

// In a task of its own: the modules' evaluation and the first calls are two shorter tasks, not one
// long one (Total Blocking Time).
setTimeout(() => void start(), 0);
