import { useSuspenseQuery } from "@tanstack/react-query";
import { Container, EmptyState, PageHeader, SelectField } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { ChannelRow } from "../../../shared/components/content-cards";
import { Crumbs } from "../../../shared/components/crumbs";
import { ListPagination } from "../../../shared/components/list-pagination";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { channelPageQueryOptions, type ChannelGenre } from "../api/get-channels";
import { channelListMessages } from "../messages";

const messages = {
  ...channelListMessages,
  ...defineMessages({
    genre: {
      id: "channels.filter.genre",
      defaultMessage: "Genre",
      description: "Label of the genre filter",
    },
    allGenres: {
      id: "channels.filter.all",
      defaultMessage: "All genres",
      description: "Genre filter: no filter",
    },
    count: {
      id: "channels.count",
      defaultMessage: "{count, plural, =0 {No channels} one {# channel} other {# channels}}",
      description: "Number of channels shown",
    },
    empty: {
      id: "channels.empty",
      defaultMessage: "No channels match this genre.",
      description: "Empty channel list",
    },
  }),
};

/**
 * One page of the channel listing (24 channels), with a genre filter kept in the URL (?genre=),
 * numbered pages (?page=) and the count of every channel the filter keeps.
 */
export function ChannelListPage({
  genre,
  page,
  onGenreChange,
}: {
  genre?: ChannelGenre | undefined;
  page: number;
  onGenreChange: (genre: string | undefined) => void;
}) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(channelPageQueryOptions(lang, page, genre));
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "channel_list", product: "tv" });

  return (
    <Container>
      <Crumbs trail={[{ key: "channels", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <div className="filters">
        <SelectField
          label={intl.formatMessage(messages.genre)}
          value={genre ?? ""}
          onChange={(event) => onGenreChange(event.target.value || undefined)}
          placeholder={intl.formatMessage(messages.allGenres)}
          options={data.genres.map((item) => ({ value: item.genre, label: item.genreName }))}
        />
      </div>
      <p className="result-count" aria-live="polite">
        {intl.formatMessage(messages.count, { count: data.total })}
      </p>
      {data.items.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.empty)} />
      ) : (
        <ul className="channel-list" data-testid="channel-list">
          {data.items.map((channel) => (
            <li key={channel.id} className="channel-row">
              <ChannelRow channel={channel} />
            </li>
          ))}
        </ul>
      )}
      <ListPagination listing={data} />
    </Container>
  );
}
