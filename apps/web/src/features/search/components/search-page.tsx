import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Button, Container, EmptyState, ErrorSummary, PageHeader, TextField } from "@portal/ui";
import { siteSearchFormSchema, maskPersonalData } from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";
import { useEffect, type ReactNode } from "react";
import { defineMessages, useIntl } from "react-intl";
import type { ContentData } from "../../../shared/api";
import { track } from "../../../shared/analytics";
import { Crumbs } from "../../../shared/components/crumbs";
import { Highlight } from "../../../shared/components/highlight";
import { imageUrl } from "../../../shared/image-url";
import { languageSearchValue, useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { searchQueryOptions } from "../api/search";
import { searchMessages } from "../messages";

const messages = {
  ...searchMessages,
  ...defineMessages({
    label: {
      id: "search.label",
      defaultMessage: "Keyword",
      description: "Label of the search box",
    },
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
    groupFibre: {
      id: "search.group.fibre",
      defaultMessage: "Fibre plans",
      description: "Heading of the fibre plan hits on the search page",
    },
    groupTv: {
      id: "search.group.tv",
      defaultMessage: "TV packages",
      description: "Heading of the TV package hits on the search page",
    },
    groupBundle: {
      id: "search.group.bundle",
      defaultMessage: "Bundles",
      description: "Heading of the bundle hits on the search page",
    },
    groupPackage: {
      id: "search.group.package",
      defaultMessage: "Add-on packs",
      description: "Heading of the add-on pack hits on the search page",
    },
    groupChannel: {
      id: "search.group.channel",
      defaultMessage: "Channels",
      description: "Heading of the channel hits on the search page",
    },
    groupMovie: {
      id: "search.group.movie",
      defaultMessage: "Movies",
      description: "Heading of the movie hits on the search page",
    },
    groupCampaign: {
      id: "search.group.campaign",
      defaultMessage: "Offers",
      description: "Heading of the campaign hits on the search page",
    },
    groupArticle: {
      id: "search.group.article",
      defaultMessage: "Stories",
      description: "Heading of the store article hits on the search page",
    },
    groupSupport: {
      id: "search.group.support",
      defaultMessage: "Help answers",
      description: "Heading of the support answer hits on the search page",
    },
    groupCount: {
      id: "search.group.count",
      defaultMessage: "{count, plural, one {# result} other {# results}}",
      description: "Number of hits in one group of the search page",
    },
  }),
};

type Hit = ContentData<"search">["hits"][number];

/** The groups of the results page, by what a hit is (a plan and a TV package are both combos). */
type Group =
  "fibre" | "tv" | "bundle" | "package" | "channel" | "movie" | "campaign" | "article" | "support";

const groupOf = (hit: Hit): Group =>
  hit.kind === "combo" ? (hit.product === "tv" ? "tv" : "fibre") : hit.kind;

const groupMessage = {
  fibre: messages.groupFibre,
  tv: messages.groupTv,
  bundle: messages.groupBundle,
  package: messages.groupPackage,
  channel: messages.groupChannel,
  movie: messages.groupMovie,
  campaign: messages.groupCampaign,
  article: messages.groupArticle,
  support: messages.groupSupport,
} as const;

/** The hits grouped by kind, the group holding the best hit first, each in rank order. */
export function groupHits(hits: readonly Hit[]): { group: Group; hits: Hit[] }[] {
  const groups = new Map<Group, Hit[]>();
  for (const hit of hits) {
    const group = groupOf(hit);
    const list = groups.get(group);
    if (list) list.push(hit);
    else groups.set(group, [hit]);
  }
  return Array.from(groups, ([group, list]) => ({ group, hits: list }));
}

function HitLink({ hit, children }: { hit: Hit; children: ReactNode }) {
  switch (hit.kind) {
    case "combo":
      return (
        <Link to="/$product/$comboId" params={{ product: hit.product ?? "fibre", comboId: hit.id }}>
          {children}
        </Link>
      );
    case "bundle":
      return (
        <Link to="/bundles/$bundleId" params={{ bundleId: hit.id }}>
          {children}
        </Link>
      );
    case "package":
      return (
        <Link to="/packages/$packageId" params={{ packageId: hit.id }}>
          {children}
        </Link>
      );
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
    case "campaign":
      return (
        <Link to="/campaigns/$campaignId" params={{ campaignId: hit.id }}>
          {children}
        </Link>
      );
    case "support":
      return (
        <Link
          to="/support/$category/$question"
          params={{ category: hit.category ?? "", question: hit.id }}
        >
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

function HitItem({ hit }: { hit: Hit }) {
  const terms = new Set(hit.terms);
  const image = imageUrl(hit.image);
  return (
    <li className="search-hit">
      {image ? (
        <img
          className="search-hit-image"
          src={image}
          alt=""
          width={96}
          height={54}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="search-hit-body">
        <h3 className="search-hit-title">
          <HitLink hit={hit}>
            <Highlight text={hit.title} terms={terms} />
          </HitLink>
        </h3>
        {hit.snippet ? (
          <p className="search-hit-snippet">
            <Highlight text={hit.snippet} terms={terms} />
          </p>
        ) : null}
      </div>
    </li>
  );
}

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
      {groupHits(data.hits).map(({ group, hits }) => (
        <section
          key={group}
          className="search-group"
          aria-labelledby={`search-group-${group}`}
          data-testid={`search-group-${group}`}
        >
          <h2 id={`search-group-${group}`} className="search-group-title">
            {intl.formatMessage(groupMessage[group])}
            <span className="search-group-count">
              {intl.formatMessage(messages.groupCount, { count: hits.length })}
            </span>
          </h2>
          <ul className="search-hits">
            {hits.map((hit) => (
              <HitItem key={`${hit.kind}-${hit.category ?? ""}-${hit.id}`} hit={hit} />
            ))}
          </ul>
        </section>
      ))}
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
  const { lang } = useLanguage();
  // The schema normalises as the support search does: trimmed, runs of whitespace collapsed.
  const label = intl.formatMessage(messages.label);
  const form = useSchemaForm({
    schema: siteSearchFormSchema,
    language: lang,
    labels: { keyword: label },
    initialValues: { keyword: initial },
    // The keyword becomes the address (and the content service's query): never a MyKad, a phone
    // number or an email as typed.
    onSubmit: ({ keyword }) => onSearch(maskPersonalData(keyword) || undefined),
  });
  const language = languageSearchValue(lang);
  return (
    // The keyword is the page's address (?keyword=). Without scripts the form posts and the
    // server answers 303 to ?keyword= with personal data masked (src/server/lookup-forms.ts).
    <form {...form.formProps} role="search" className="search-form">
      <ErrorSummary errors={form.summary} />
      <TextField {...form.field("keyword")} label={label} type="search" enterKeyHint="search" />
      {language ? <input type="hidden" name="language" value={language} /> : null}
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
