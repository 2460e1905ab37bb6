import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { ChannelLinks, DetailLayout, Highlights } from "../../../shared/components/detail-layout";
import { PriceText } from "../../../shared/components/price-text";
import { imageUrl } from "../../../shared/image-url";
import { useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { packageQueryOptions } from "../api/get-packages";

const messages = defineMessages({
  packages: {
    id: "packages.title",
    defaultMessage: "Add-on packs",
    description: "Package listing heading and title",
  },
  highlights: {
    id: "package.highlights",
    defaultMessage: "Highlights",
    description: "Heading of a pack's highlights",
  },
  channels: {
    id: "package.channels",
    defaultMessage: "{count, plural, one {# channel} other {# channels}} in this pack",
    description: "Heading of a pack's channel list",
  },
});

/** One add-on pack: price, highlights and its channels. */
export function PackageDetailPage({ id }: { id: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: pack } = useSuspenseQuery(packageQueryOptions(lang, id));
  usePageAnalytics({ pageType: "package", product: "tv", id: pack.id, name: pack.name });
  return (
    <DetailLayout
      parent={<Link to="/packages">{intl.formatMessage(messages.packages)}</Link>}
      current={pack.name}
      media={
        <img src={imageUrl(pack.image)} alt="" width={640} height={360} fetchPriority="high" />
      }
      nextStep={{ kind: "tvPack", addOnId: pack.id, name: pack.name }}
    >
      <PageHeader title={pack.name} lead={pack.description} />
      <p>
        <PriceText item={pack} detail />
      </p>
      <Highlights title={intl.formatMessage(messages.highlights)} items={pack.highlights} />
      <h2>{intl.formatMessage(messages.channels, { count: pack.channelCount })}</h2>
      <ChannelLinks ids={pack.channelIds} total={pack.channelCount} />
    </DetailLayout>
  );
}
