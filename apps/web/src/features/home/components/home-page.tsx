import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CardGrid, CardGridItem, Container, EmptyState, buttonClassName } from "@portal/ui";
import { startTransition, useEffect, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import type { ContentData } from "../../../shared/api";
import { ContentLink } from "../../../shared/components/content-link";
import { DeferredRichText } from "../../../shared/components/deferred-rich-text";
import {
  ArticleCard,
  ChannelCard,
  ComboCard,
  MovieCard,
} from "../../../shared/components/content-cards";
import { imageUrl } from "../../../shared/image-url";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { homeQueryOptions } from "../api/get-home";

const messages = defineMessages({
  title: {
    id: "home.title",
    defaultMessage: "Suria TV and Suria Fibre",
    description: "Home page document title",
  },
  description: {
    id: "home.description",
    defaultMessage:
      "Satellite TV channels, movies and add-on packs, and fast home fibre broadband from Suria.",
    description: "Home page meta description",
  },
  fibreCombos: {
    id: "home.combos.fibre",
    defaultMessage: "Suria Fibre plans",
    description: "Home section heading: fibre combos",
  },
  tvCombos: {
    id: "home.combos.tv",
    defaultMessage: "Suria TV packages",
    description: "Home section heading: TV combos",
  },
  seeAll: {
    id: "home.see-all",
    defaultMessage: "See all",
    description: "Link to the full list of a home section",
  },
  channels: {
    id: "home.channels",
    defaultMessage: "Featured channels",
    description: "Home section heading",
  },
  movies: {
    id: "home.movies",
    defaultMessage: "Movies to rent",
    description: "Home section heading",
  },
  articles: {
    id: "home.articles",
    defaultMessage: "Latest stories",
    description: "Home section heading",
  },
  noCombos: {
    id: "home.combos.empty",
    defaultMessage: "No plans are on offer right now.",
    description: "Empty combo list",
  },
});

type Combo = ContentData<"getProductItem">;

function ComboSection({
  title,
  combos,
  product,
}: {
  title: string;
  combos: Combo[];
  product: "fibre" | "tv";
}) {
  const intl = useIntl();
  return (
    <section
      className="section"
      aria-labelledby={`combos-${product}`}
      data-testid={`home-combos-${product}`}
    >
      <div className="section__head">
        <h2 id={`combos-${product}`}>{title}</h2>
        <Link to="/$product" params={{ product }}>
          {intl.formatMessage(messages.seeAll)}
        </Link>
      </div>
      {combos.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.noCombos)} />
      ) : (
        <CardGrid>
          {combos.map((combo) => (
            <CardGridItem key={combo.id}>
              <ComboCard combo={combo} />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
    </section>
  );
}

/**
 * False for the first render, true once the first frame has been painted: the sections below the
 * fold then render in a transition, so the first paint (banners, header, hero) comes sooner and no
 * single long task renders the whole page. Nothing above the fold moves (CLS 0).
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Home: hero and info box (home/all), combo lists (get-{product}-combo-list), featured content. */
export function HomePage({ fibreCombos, tvCombos }: { fibreCombos: Combo[]; tvCombos: Combo[] }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: home } = useSuspenseQuery(homeQueryOptions(lang));
  const belowTheFold = useAfterFirstPaint();
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
      {belowTheFold ? (
        <>
          <ComboSection
            title={intl.formatMessage(messages.tvCombos)}
            combos={tvCombos}
            product="tv"
          />

          {home.featuredChannels.length > 0 ? (
            <section className="section" aria-labelledby="home-channels">
              <div className="section__head">
                <h2 id="home-channels">{intl.formatMessage(messages.channels)}</h2>
                <Link to="/channels">{intl.formatMessage(messages.seeAll)}</Link>
              </div>
              <CardGrid>
                {home.featuredChannels.map((channel) => (
                  <CardGridItem key={channel.id}>
                    <ChannelCard channel={channel} headingLevel={3} />
                  </CardGridItem>
                ))}
              </CardGrid>
            </section>
          ) : null}

          {home.featuredMovies.length > 0 ? (
            <section className="section" aria-labelledby="home-movies">
              <div className="section__head">
                <h2 id="home-movies">{intl.formatMessage(messages.movies)}</h2>
                <Link to="/movies">{intl.formatMessage(messages.seeAll)}</Link>
              </div>
              <CardGrid>
                {home.featuredMovies.map((movie) => (
                  <CardGridItem key={movie.id}>
                    <MovieCard movie={movie} headingLevel={3} />
                  </CardGridItem>
                ))}
              </CardGrid>
            </section>
          ) : null}

          {home.latestArticles.length > 0 ? (
            <section className="section" aria-labelledby="home-articles">
              <div className="section__head">
                <h2 id="home-articles">{intl.formatMessage(messages.articles)}</h2>
                <Link to="/store">{intl.formatMessage(messages.seeAll)}</Link>
              </div>
              <CardGrid>
                {home.latestArticles.map((article) => (
                  <CardGridItem key={article.id}>
                    <ArticleCard article={article} headingLevel={3} />
                  </CardGridItem>
                ))}
              </CardGrid>
            </section>
          ) : null}
        </>
      ) : null}
    </Container>
  );
}
