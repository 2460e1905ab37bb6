import { useSuspenseQuery } from "@tanstack/react-query";
import { Container, buttonClassName } from "@portal/ui";
import { lazy, memo, Suspense, useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import { ContentLink } from "../../../shared/components/content-link";
import { DeferredRichText } from "../../../shared/components/deferred-rich-text";
import { imageUrl } from "../../../shared/image-url";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { homeQueryOptions } from "../api/get-home";
import { homeMessages as messages } from "../messages";
import { ComboSection, type Combo } from "./combo-section";
import type { HomeBelowTheFoldProps } from "./home-below-the-fold";

// The sections below the fold (TV packages, channels, movies, stories) are in the server's HTML,
// links and all, for visitors without JavaScript and for crawlers. The browser keeps that HTML as
// it is (a Suspense boundary React hydrates once its code is there) and loads the code when the
// sections come within half a screen of the viewport or the visitor points or focuses in them, so
// hydration starts where the visitor looks first. A page opened by a client navigation loads it
// at once. The server's import resolves before the page is sent (entry-server waits for allReady).
const NEAR_VIEWPORT = "50% 0px";
let release: () => void = () => undefined;
const asked =
  typeof window === "undefined" ? Promise.resolve() : new Promise<void>((r) => (release = r));
const HomeBelowTheFold = lazy(() => asked.then(() => import("./home-below-the-fold")));

/**
 * The boundary of the sections below the fold. Memoised: a render of the page with the same data
 * must not reach a boundary that is still waiting for its code (React would drop the server's HTML).
 */
const BelowTheFold = memo(function BelowTheFold(props: HomeBelowTheFoldProps) {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = area.current;
    // Nothing from the server to keep (a client navigation shows the fallback): load now.
    if (!el?.firstElementChild) return release();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) release();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(el);
    const events = ["focusin", "pointerdown"] as const;
    for (const type of events) el.addEventListener(type, release);
    return () => {
      observer.disconnect();
      for (const type of events) el.removeEventListener(type, release);
    };
  }, []);
  return (
    <div ref={area}>
      <Suspense fallback={null}>
        <HomeBelowTheFold {...props} />
      </Suspense>
    </div>
  );
});

/** Home: hero and info box (home/all), combo lists (get-{product}-combo-list), featured content. */
export function HomePage({ fibreCombos, tvCombos }: { fibreCombos: Combo[]; tvCombos: Combo[] }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: home } = useSuspenseQuery(homeQueryOptions(lang));
  usePageAnalytics({ pageType: "home" });
  return (
    <Container>
      <section className="hero" aria-labelledby="hero-title">
        <div>
          <h1 id="hero-title">{home.hero.title}</h1>
          <p>{home.hero.subtitle}</p>
          <ContentLink href={home.hero.cta.url} className={buttonClassName("primary")}>
            {home.hero.cta.label}
          </ContentLink>
        </div>
        {home.hero.image ? (
          <img
            src={imageUrl(home.hero.image)}
            alt=""
            width={640}
            height={360}
            fetchPriority="high"
          />
        ) : null}
      </section>

      <section className="section info-box" aria-labelledby="info-box-title" data-testid="info-box">
        {home.infoBox.icon ? (
          <img src={imageUrl(home.infoBox.icon)} alt="" width={48} height={48} />
        ) : null}
        <div>
          <h2 id="info-box-title">{home.infoBox.title}</h2>
          <DeferredRichText html={home.infoBox.body} />
          <ContentLink href={home.infoBox.link.url}>{home.infoBox.link.label}</ContentLink>
        </div>
      </section>

      <ComboSection
        title={intl.formatMessage(messages.fibreCombos)}
        combos={fibreCombos.length > 0 ? fibreCombos : home.comboList}
        product="fibre"
      />
      <BelowTheFold home={home} tvCombos={tvCombos} />
    </Container>
  );
}
