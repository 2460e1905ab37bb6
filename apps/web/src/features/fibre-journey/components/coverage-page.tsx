import type { EntrySearch } from "@portal/lead-flow";
import { Container, PageHeader, SkeletonText } from "@portal/ui";
import type { Product } from "@portal/validation";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { coveragePageMessages as messages } from "../messages";

// The address step needs the journey's code (@portal/lead-flow, the lead rules of
// @portal/validation with valibot, the sign-up components). The server renders it; the browser
// keeps the server's form as it is (React hydrates that part once the code is there) and loads
// the code at the visitor's first focus, pointer or key in it, or 2 s after hydration, so the
// first paint and hydration need none of it. What is typed or sent before then is held by the
// page's first script (runBoot) and given to the form once React owns it. A page opened by a
// client navigation loads it at once.
const IDLE_LOAD_DELAY_MS = 2000;
let release: () => void = () => undefined;
const asked =
  typeof window === "undefined" ? Promise.resolve() : new Promise<void>((r) => (release = r));
const CoverageJourney = lazy(() => asked.then(() => import("./coverage-journey")));

/** The address step of a sign-up (Suria Fibre, or Suria TV with `?product=tv`). */
export function CoveragePage({ product, entry }: { product: Product; entry: EntrySearch }) {
  const intl = useIntl();
  const area = useRef<HTMLDivElement>(null);
  const title = intl.formatMessage(product === "tv" ? messages.tvTitle : messages.title);
  const lead = intl.formatMessage(product === "tv" ? messages.tvLead : messages.lead);
  usePageAnalytics({ pageType: "fibre_coverage", product });
  useEffect(() => {
    const el = area.current;
    // No server form waiting to hydrate (a client navigation shows the fallback): load now.
    if (!el?.querySelector("form")) return release();
    const events = ["focusin", "pointerdown", "keydown"] as const;
    for (const type of events) el.addEventListener(type, release);
    const timer = setTimeout(release, IDLE_LOAD_DELAY_MS);
    return () => {
      for (const type of events) el.removeEventListener(type, release);
      clearTimeout(timer);
    };
  }, []);
  return (
    <Container>
      <Crumbs trail={[{ key: "coverage", label: title }]} />
      <PageHeader title={title} lead={lead} />
      <div ref={area}>
        <Suspense
          fallback={
            <div aria-busy="true" role="status">
              <SkeletonText lines={8} />
            </div>
          }
        >
          <CoverageJourney product={product} entry={entry} />
        </Suspense>
      </div>
    </Container>
  );
}
