import { RouterClient } from "@tanstack/react-router/ssr/client";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { createAppRouter } from "./router";
import { MESSAGES_GLOBAL, loadPageMessages } from "./shared/i18n";
import { waitForContent } from "./shared/content-budget";
import { answerKnownLocales } from "./shared/intl-locales";
import { isExpectedServerError } from "./shared/server-errors";

// Before any IntlProvider: spares the first load react-intl's costly locale-data check.
answerKnownLocales();

// The page is already painted and readable (server-rendered), so the start is split into tasks
// the browser can interleave with input: evaluating the modules, building the router (its route
// tree), then hydrating in time slices. In one task the first two took 169 ms under Lighthouse's
// 4x CPU slowdown (119 ms of Total Blocking Time).
// (Not a top-level await: with one, the bundler gives every route module a chunk of its own.)
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // The catalog the server rendered the page with: its JSON file was preloaded beside the entry
  // (the page's catalog script), and the hydration data names it by its key, so it is loaded
  // before hydrating (the texts are the server's, no flash of default texts, no mismatch).
  const messages = loadPageMessages(
    (window as unknown as Record<string, unknown>)[MESSAGES_GLOBAL],
  );
  await nextTask();
  const router = createAppRouter({ siteUrl: location.origin, budget: waitForContent });
  await nextTask();
  try {
    await messages;
  } catch (error) {
    // Without its catalog the page cannot hydrate to the same texts: it stays as the server
    // rendered it (readable, its links and forms work as plain ones).
    console.error("the page's messages could not be loaded", error);
    return;
  }

  // Hydration in a transition is time-sliced: React yields to the browser every few milliseconds
  // instead of hydrating the whole page in one long task (Total Blocking Time).
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
      {
        // Content the server gave up on (its time budget) is rendered here instead, with the
        // error state and "Try again": expected, so not reported as a failure of the page.
        onRecoverableError: (error, info) => {
          if (isExpectedServerError(error)) return;
          console.error(error, info.componentStack);
        },
      },
    );
  });
}

void start();
