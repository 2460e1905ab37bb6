import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { DetailLayout, PackLinks } from "../../../shared/components/detail-layout";
import { imageUrl } from "../../../shared/image-url";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { channelQueryOptions } from "../api/get-channels";
import { audioLanguageMessages } from "./audio-language";

const messages = defineMessages({
  channels: {
    id: "channels.title",
    defaultMessage: "Channels",
    description: "Channel listing heading and title",
  },
  number: {
    id: "channel.number",
    defaultMessage: "Channel",
    description: "Fact label: channel number",
  },
  genre: { id: "channel.genre", defaultMessage: "Genre", description: "Fact label: genre" },
  language: {
    id: "channel.language",
    defaultMessage: "Language",
    description: "Fact label: audio language",
  },
  quality: {
    id: "channel.quality",
    defaultMessage: "Picture",
    description: "Fact label: HD or SD",
  },
  hd: { id: "channel.hd", defaultMessage: "HD", description: "High definition" },
  sd: { id: "channel.sd", defaultMessage: "SD", description: "Standard definition" },
  packs: {
    id: "channel.packs",
    defaultMessage: "Included in",
    description: "Fact label: add-on packs with this channel",
  },
  basePack: {
    id: "channel.base",
    defaultMessage: "Every Suria TV package",
    description: "Channel is in every base package",
  },
});

/** One channel: logo, number, genre, language, description and the packs that carry it. */
export function ChannelDetailPage({ id }: { id: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: channel } = useSuspenseQuery(channelQueryOptions(lang, id));
  usePageAnalytics({ pageType: "channel", product: "tv", id: channel.id, name: channel.name });
  return (
    <DetailLayout
      parent={<Link to="/channels">{intl.formatMessage(messages.channels)}</Link>}
      current={channel.name}
      nextStep={{ kind: "channel", addOnId: channel.packageIds[0], name: channel.name }}
      media={
        <img src={imageUrl(channel.logo)} alt="" width={640} height={360} fetchPriority="high" />
      }
    >
      <PageHeader title={channel.name} lead={channel.description} />
      <dl className="facts">
        <dt>{intl.formatMessage(messages.number)}</dt>
        <dd>{channel.number}</dd>
        <dt>{intl.formatMessage(messages.genre)}</dt>
        <dd>{channel.genreName}</dd>
        <dt>{intl.formatMessage(messages.language)}</dt>
        <dd>{intl.formatMessage(audioLanguageMessages[channel.language])}</dd>
        <dt>{intl.formatMessage(messages.quality)}</dt>
        <dd>{intl.formatMessage(channel.hd ? messages.hd : messages.sd)}</dd>
        <dt>{intl.formatMessage(messages.packs)}</dt>
        <dd>
          <PackLinks
            ids={channel.packageIds}
            total={channel.packageCount}
            none={intl.formatMessage(messages.basePack)}
          />
        </dd>
      </dl>
    </DetailLayout>
  );
}
