import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { channelListQueryOptions } from "../features/channels/api/get-channels";
import { ChannelListPage } from "../features/channels/components/channel-list-page";
import { breadcrumbs, pageHead } from "../shared/head";
import { shellMessages } from "../shared/messages";
import { headTools } from "../shared/route-head";
import { loadContent } from "../shared/route-helpers";
import { optionalString } from "../shared/search-params";

const messages = defineMessages({
  title: {
    id: "channels.title",
    defaultMessage: "Channels",
    description: "Channel listing heading and title",
  },
  lead: {
    id: "channels.lead",
    defaultMessage: "Every channel on Suria TV, by channel number.",
    description: "Channel listing intro and meta description",
  },
});

export const Route = createFileRoute("/channels/")({
  validateSearch: (search: Record<string, unknown>): { genre?: string } => ({
    genre: optionalString(search.genre),
  }),
  loader: ({ context }) =>
    loadContent(
      context,
      context.queryClient.ensureQueryData(channelListQueryOptions(context.lang)),
    ),
  head: ({ match }) => {
    const { context, intl } = headTools(match);
    const title = intl.formatMessage(messages.title);
    return pageHead(context, {
      path: "/channels",
      title,
      description: intl.formatMessage(messages.lead),
      jsonLd: [
        breadcrumbs(context, [
          [intl.formatMessage(shellMessages.home), "/"],
          [title, "/channels"],
        ]),
      ],
    });
  },
  component: ChannelsRoute,
});

function ChannelsRoute() {
  const { genre } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChannelListPage
      genre={genre}
      onGenreChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, genre: next }), replace: true })
      }
    />
  );
}
