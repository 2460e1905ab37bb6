import { Link } from "@tanstack/react-router";
import { Card } from "@portal/ui";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ContentData } from "../api";
import { formatShortDate } from "../format";
import { imageUrl } from "../image-url";
import { useLanguage } from "../language";
import { shellMessages } from "../messages";
import { PriceText } from "./price-text";

type Combo = ContentData<"getProductItem">;
type Channel = ContentData<"getChannel">;
type Movie = ContentData<"getMovie">;
type Article = ContentData<"getStoreArticle">;

/** What a channel card or row reads (a page keeps no more of a channel in its data). */
export type ChannelCardData = Pick<
  Channel,
  "id" | "name" | "logo" | "number" | "genreName" | "description"
>;
/** What a movie card reads. */
export type MovieCardData = Pick<Movie, "id" | "title" | "poster" | "year" | "genres" | "synopsis">;
/** What an article card reads: no body, author or tags. */
export type ArticleCardData = Pick<Article, "id" | "title" | "image" | "publishedAt" | "summary">;

/**
 * The fields a card reads, copied out of a whole item: a listing or the home page keeps only
 * these in its query data, so the server serialises, compresses and sends no more than the page
 * shows (a store article's body, a movie's cast) into the page's hydration data.
 */
export const channelCardData = ({
  id,
  name,
  logo,
  number,
  genreName,
  description,
}: ChannelCardData): ChannelCardData => ({ id, name, logo, number, genreName, description });
export const movieCardData = ({
  id,
  title,
  poster,
  year,
  genres,
  synopsis,
}: MovieCardData): MovieCardData => ({ id, title, poster, year, genres, synopsis });
export const articleCardData = ({
  id,
  title,
  image,
  publishedAt,
  summary,
}: ArticleCardData): ArticleCardData => ({ id, title, image, publishedAt, summary });
type Pack = ContentData<"getPackage">;
type Bundle = ContentData<"getBundle">;
type Campaign = ContentData<"getCampaign">;

/** Card of a combo package, linking to its detail page. */
export function ComboCard({
  combo,
  headingLevel = 3,
  action,
}: {
  combo: Combo;
  headingLevel?: 2 | 3;
  /** A call to action under the price (e.g. the coverage check), above the card's stretched link. */
  action?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Card
      headingLevel={headingLevel}
      imageUrl={imageUrl(combo.image)}
      eyebrow={
        combo.recommended ? (
          <span className="badge">{intl.formatMessage(shellMessages.recommended)}</span>
        ) : (
          combo.tagline
        )
      }
      title={
        <Link to="/$product/$comboId" params={{ product: combo.product, comboId: combo.id }}>
          {combo.name}
        </Link>
      }
      description={
        <>
          {combo.recommended ? <p>{combo.tagline}</p> : null}
          {combo.speedMbps ? (
            <p>{intl.formatMessage(shellMessages.speed, { speed: combo.speedMbps })}</p>
          ) : null}
          <p>
            {intl.formatMessage(shellMessages.contractMonths, { months: combo.contractMonths })}
          </p>
        </>
      }
      footer={
        <>
          <PriceText item={combo} plan />
          {action ? <div className="card-action">{action}</div> : null}
        </>
      }
    />
  );
}

/** Card of a channel. */
export function ChannelCard({
  channel,
  headingLevel = 2,
}: {
  channel: ChannelCardData;
  headingLevel?: 2 | 3;
}) {
  return (
    <Card
      headingLevel={headingLevel}
      imageUrl={imageUrl(channel.logo)}
      eyebrow={
        <FormattedMessage
          id="channels.card.eyebrow"
          defaultMessage="Ch {number} · {genre}"
          description="Channel number and genre above a channel card title"
          values={{ number: channel.number, genre: channel.genreName }}
        />
      }
      title={
        <Link to="/channels/$channelId" params={{ channelId: channel.id }}>
          {channel.name}
        </Link>
      }
      description={<p>{channel.description}</p>}
    />
  );
}

/**
 * A channel as one compact row of a long list (logo, number, name, genre, one line of
 * description): the whole line-up stays a few screens long on a phone.
 */
export function ChannelRow({ channel }: { channel: ChannelCardData }) {
  return (
    <>
      <img
        className="channel-row__logo"
        src={imageUrl(channel.logo)}
        alt=""
        width={80}
        height={45}
        loading="lazy"
        decoding="async"
      />
      <div className="channel-row__body">
        <h2 className="channel-row__name">
          <Link to="/channels/$channelId" params={{ channelId: channel.id }}>
            {channel.name}
          </Link>
        </h2>
        <p className="channel-row__meta">
          <FormattedMessage
            id="channels.card.eyebrow"
            defaultMessage="Ch {number} · {genre}"
            description="Channel number and genre above a channel card title"
            values={{ number: channel.number, genre: channel.genreName }}
          />
        </p>
        <p className="channel-row__description">{channel.description}</p>
      </div>
    </>
  );
}

/** Card of a movie. */
export function MovieCard({
  movie,
  headingLevel = 2,
}: {
  movie: MovieCardData;
  headingLevel?: 2 | 3;
}) {
  return (
    <Card
      headingLevel={headingLevel}
      imageUrl={imageUrl(movie.poster)}
      eyebrow={`${movie.year} · ${movie.genres.join(", ")}`}
      title={
        <Link to="/movies/$movieId" params={{ movieId: movie.id }}>
          {movie.title}
        </Link>
      }
      description={<p>{movie.synopsis}</p>}
    />
  );
}

/** Card of a store article. */
export function ArticleCard({
  article,
  headingLevel = 2,
}: {
  article: ArticleCardData;
  headingLevel?: 2 | 3;
}) {
  const { lang } = useLanguage();
  return (
    <Card
      headingLevel={headingLevel}
      imageUrl={imageUrl(article.image)}
      eyebrow={formatShortDate(article.publishedAt, lang)}
      title={
        <Link to="/store/$articleId" params={{ articleId: article.id }}>
          {article.title}
        </Link>
      }
      description={<p>{article.summary}</p>}
    />
  );
}

/** Card of an add-on pack. */
export function PackageCard({ pack, headingLevel = 2 }: { pack: Pack; headingLevel?: 2 | 3 }) {
  return (
    <Card
      headingLevel={headingLevel}
      imageUrl={imageUrl(pack.image)}
      title={
        <Link to="/packages/$packageId" params={{ packageId: pack.id }}>
          {pack.name}
        </Link>
      }
      description={<p>{pack.description}</p>}
      footer={<PriceText item={pack} />}
    />
  );
}

/** Card of a bundle. */
export function BundleCard({ bundle, headingLevel = 2 }: { bundle: Bundle; headingLevel?: 2 | 3 }) {
  const intl = useIntl();
  return (
    <Card
      headingLevel={headingLevel}
      imageUrl={imageUrl(bundle.image)}
      eyebrow={intl.formatMessage(shellMessages.speed, { speed: bundle.speedMbps })}
      title={
        <Link to="/bundles/$bundleId" params={{ bundleId: bundle.id }}>
          {bundle.name}
        </Link>
      }
      description={<p>{bundle.description}</p>}
      footer={<PriceText item={bundle} plan />}
    />
  );
}

/** Card of a campaign: its dates, or its first day while it has not started. */
export function CampaignCard({
  campaign,
  headingLevel = 2,
}: {
  campaign: Campaign;
  headingLevel?: 2 | 3;
}) {
  const { lang } = useLanguage();
  return (
    <Card
      headingLevel={headingLevel}
      imageUrl={imageUrl(campaign.image)}
      eyebrow={
        campaign.status === "upcoming" ? (
          <FormattedMessage
            id="campaigns.card.starts"
            defaultMessage="Starts {start}"
            description="On the card of a campaign that has not started: its first day"
            values={{ start: formatShortDate(campaign.startDate, lang) }}
          />
        ) : (
          <FormattedMessage
            id="campaigns.card.dates"
            defaultMessage="{start} – {end}"
            description="Campaign date range on a card"
            values={{
              start: formatShortDate(campaign.startDate, lang),
              end: formatShortDate(campaign.endDate, lang),
            }}
          />
        )
      }
      title={
        <Link to="/campaigns/$campaignId" params={{ campaignId: campaign.id }}>
          {campaign.title}
        </Link>
      }
      description={<p>{campaign.summary}</p>}
    />
  );
}
