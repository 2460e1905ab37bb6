import { Link } from "@tanstack/react-router";
import { CardGrid, CardGridItem } from "@portal/ui";
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { ArticleCard, ChannelCard, MovieCard } from "../../../shared/components/content-cards";
import type { homeForPage } from "../api/get-home";
import { homeMessages as messages } from "../messages";
import { ComboSection, type Combo } from "./combo-section";

/** What the sections below the fold draw: home's data as the page holds it, and the TV combos. */
export interface HomeBelowTheFoldProps {
  home: ReturnType<typeof homeForPage>;
  tvCombos: Combo[];
}

/** Where each featured list's "see all" leads. */
const seeAllOf = { channels: "/channels", movies: "/movies", articles: "/store" } as const;

/** A featured list: heading, "see all" and the cards, or nothing when the list is empty. */
function FeaturedSection<T extends { id: string }>({
  name,
  items,
  card,
}: {
  name: keyof typeof seeAllOf;
  items: T[];
  card: (item: T) => ReactNode;
}) {
  const intl = useIntl();
  if (items.length === 0) return null;
  return (
    <section className="section" aria-labelledby={`home-${name}`}>
      <div className="section__head">
        <h2 id={`home-${name}`}>{intl.formatMessage(messages[name])}</h2>
        <Link to={seeAllOf[name]}>{intl.formatMessage(messages.seeAll)}</Link>
      </div>
      <CardGrid>
        {items.map((item) => (
          <CardGridItem key={item.id}>{card(item)}</CardGridItem>
        ))}
      </CardGrid>
    </section>
  );
}

/**
 * Home's sections below the fold: the TV packages, the featured channels and movies, the latest
 * stories. Its own chunk: the server renders it into the page, the browser hydrates it later
 * (home-page.tsx says when).
 */
export default function HomeBelowTheFold({ home, tvCombos }: HomeBelowTheFoldProps) {
  const intl = useIntl();
  return (
    <>
      <ComboSection title={intl.formatMessage(messages.tvCombos)} combos={tvCombos} product="tv" />
      <FeaturedSection
        name="channels"
        items={home.featuredChannels}
        card={(channel) => <ChannelCard channel={channel} headingLevel={3} />}
      />
      <FeaturedSection
        name="movies"
        items={home.featuredMovies}
        card={(movie) => <MovieCard movie={movie} headingLevel={3} />}
      />
      <FeaturedSection
        name="articles"
        items={home.latestArticles}
        card={(article) => <ArticleCard article={article} headingLevel={3} />}
      />
    </>
  );
}
