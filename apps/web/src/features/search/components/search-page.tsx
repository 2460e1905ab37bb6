import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import {
  Button,
  Card,
  CardGrid,
  CardGridItem,
  Container,
  EmptyState,
  PageHeader,
  TextField,
} from "@portal/ui";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { defineMessages, useIntl } from "react-intl";
import type { ContentData } from "../../../shared/api";
import { track } from "../../../shared/analytics";
import { Crumbs } from "../../../shared/components/crumbs";
import { imageUrl } from "../../../shared/image-url";
import { useLanguage } from "../../../shared/language";
import { usePageMeta } from "../../../shared/page-meta";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { searchQueryOptions } from "../api/search";

const messages = defineMessages({
  title: {
    id: "search.title",
    defaultMessage: "Search",
    description: "Search page heading and title",
  },
  titleKeyword: {
    id: "search.title.keyword",
    defaultMessage: "Search results for “{keyword}”",
    description: "Search page title with a keyword",
  },
  lead: {
    id: "search.lead",
    defaultMessage: "Search channels, movies, packs, bundles and stories.",
    description: "Search page intro",
  },
  label: { id: "search.label", defaultMessage: "Keyword", description: "Label of the search box" },
  submit: { id: "search.submit", defaultMessage: "Search", description: "Search button" },
  prompt: {
    id: "search.prompt",
    defaultMessage: "Type a keyword to start searching.",
    description: "Shown before a search",
  },
  empty: {
    id: "search.empty",
    defaultMessage: "Nothing matches “{keyword}”.",
    description: "No search results",
  },
  emptyHint: {
    id: "search.empty.hint",
    defaultMessage: "Check the spelling or try a shorter keyword.",
    description: "Hint under no results",
  },
  count: {
    id: "search.count",
    defaultMessage: "{count, plural, one {# result} other {# results}} for “{keyword}”",
    description: "Number of search results",
  },
  kindChannel: {
    id: "search.kind.channel",
    defaultMessage: "Channel",
    description: "Kind of a search hit",
  },
  kindMovie: {
    id: "search.kind.movie",
    defaultMessage: "Movie",
    description: "Kind of a search hit",
  },
  kindPackage: {
    id: "search.kind.package",
    defaultMessage: "Add-on pack",
    description: "Kind of a search hit",
  },
  kindBundle: {
    id: "search.kind.bundle",
    defaultMessage: "Bundle",
    description: "Kind of a search hit",
  },
  kindArticle: {
    id: "search.kind.article",
    defaultMessage: "Story",
    description: "Kind of a search hit",
  },
});

type Hit = ContentData<"search">["hits"][number];

function HitLink({ hit, children }: { hit: Hit; children: ReactNode }) {
  switch (hit.kind) {
    case "channel":
      return (
        <Link to="/channels/$channelId" params={{ channelId: hit.id }}>
          {children}
        </Link>
      );
    case "movie":
      return (
        <Link to="/movies/$movieId" params={{ movieId: hit.id }}>
          {children}
        </Link>
      );
    case "package":
      return (
        <Link to="/packages/$packageId" params={{ packageId: hit.id }}>
          {children}
        </Link>
      );
    case "bundle":
      return (
        <Link to="/bundles/$bundleId" params={{ bundleId: hit.id }}>
          {children}
        </Link>
      );
    default:
      return (
        <Link to="/store/$articleId" params={{ articleId: hit.id }}>
          {children}
        </Link>
      );
  }
}

const kindMessage = {
  channel: messages.kindChannel,
  movie: messages.kindMovie,
  package: messages.kindPackage,
  bundle: messages.kindBundle,
  article: messages.kindArticle,
} as const;

function Results({ keyword }: { keyword: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(searchQueryOptions(lang, keyword));
  useEffect(() => {
    track({ event: "search", search_term: keyword, results: data.total }, lang);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyword]);
  if (data.hits.length === 0) {
    return (
      <EmptyState title={intl.formatMessage(messages.empty, { keyword })}>
        <p>{intl.formatMessage(messages.emptyHint)}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="result-count" aria-live="polite" data-testid="search-count">
        {intl.formatMessage(messages.count, { count: data.total, keyword })}
      </p>
      <CardGrid>
        {data.hits.map((hit) => (
          <CardGridItem key={`${hit.kind}-${hit.id}`}>
            <Card
              imageUrl={imageUrl(hit.image)}
              eyebrow={intl.formatMessage(kindMessage[hit.kind] ?? messages.kindArticle)}
              title={<HitLink hit={hit}>{hit.title}</HitLink>}
              description={<p>{hit.snippet}</p>}
            />
          </CardGridItem>
        ))}
      </CardGrid>
    </>
  );
}

function SearchForm({
  initial,
  onSearch,
}: {
  initial: string;
  onSearch: (keyword: string | undefined) => void;
}) {
  const intl = useIntl();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Same normalisation as the support search: trim, collapse runs of whitespace.
    onSearch(text.trim().replace(/\s+/g, " ") || undefined);
  };
  return (
    <form role="search" className="search-form" onSubmit={submit}>
      <TextField
        label={intl.formatMessage(messages.label)}
        type="search"
        name="keyword"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <Button type="submit">{intl.formatMessage(messages.submit)}</Button>
    </form>
  );
}

/** Search results for the keyword in the URL (?keyword=), with a search form. */
export function SearchPage({
  keyword,
  onSearch,
}: {
  keyword?: string;
  onSearch: (keyword: string | undefined) => void;
}) {
  const intl = useIntl();
  const title = keyword
    ? intl.formatMessage(messages.titleKeyword, { keyword })
    : intl.formatMessage(messages.title);
  usePageMeta(title, intl.formatMessage(messages.lead));
  usePageAnalytics({ pageType: "search" });
  return (
    <Container>
      <Crumbs trail={[{ key: "search", label: intl.formatMessage(messages.title) }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <SearchForm key={keyword ?? ""} initial={keyword ?? ""} onSearch={onSearch} />
      {keyword ? (
        <Results keyword={keyword} />
      ) : (
        <EmptyState title={intl.formatMessage(messages.prompt)} />
      )}
    </Container>
  );
}
