import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useHydrated } from "@tanstack/react-router";
// The query rule alone: the content service searches (searchSupport), not the browser.
import { normalizeQuery } from "@portal/support-search/query";
import { Container, EmptyState, ErrorSummary, PageHeader, TextField } from "@portal/ui";
import { maskPersonalData, supportSearchFormSchema } from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { track } from "../../../shared/analytics";
import { Crumbs } from "../../../shared/components/crumbs";
import { ListPagination } from "../../../shared/components/list-pagination";
import { languageSearchValue, useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import {
  supportSearchQueryOptions,
  supportTopicsQueryOptions,
  type SupportTopicsData,
} from "../api/get-support";
import { Highlight } from "../../../shared/components/highlight";
import { supportMessages as messages } from "./messages";
import { WhatsappHelp } from "./whatsapp-help";
import "./support.css";

/** How long typing pauses before the search runs and the URL follows. */
export const SEARCH_DEBOUNCE_MS = 250;

/** What the address (?q=) carries for a typed text: normalised, personal data masked. */
const urlQuery = (text: string) => maskPersonalData(normalizeQuery(text));

function SearchBox({
  query,
  onQueryChange,
}: {
  query: string;
  onQueryChange: (query: string | undefined) => void;
}) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const label = intl.formatMessage(messages.searchLabel);
  // Follow the URL when it changes from outside (back button, a link), not while it catches up
  // with the typing: a query this box sent, arriving while the visitor types on, changes nothing.
  const [url, setUrl] = useState<{ seen: string; sent: string[] }>({ seen: query, sent: [] });
  const send = (next: string) => {
    setUrl((current) => ({ ...current, sent: [...current.sent, next] }));
    onQueryChange(next || undefined);
  };
  const form = useSchemaForm({
    schema: supportSearchFormSchema,
    language: lang,
    labels: { q: label },
    initialValues: { q: query },
    onSubmit: ({ q }) => send(maskPersonalData(q)),
  });
  const text = form.values.q;
  if (query !== url.seen) {
    const ours = url.sent.indexOf(query);
    setUrl({ seen: query, sent: ours >= 0 ? url.sent.slice(ours + 1) : [] });
    if (ours < 0 && urlQuery(text) !== query) form.reset({ q: query });
  }

  useEffect(() => {
    const next = urlQuery(text);
    if (next === query) return;
    const timer = setTimeout(() => send(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `send` is this render's; the timer is set again whenever what it sends changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, query, onQueryChange]);

  const language = languageSearchValue(lang);
  return (
    // The query is the page's address (?q=). Without scripts the form posts and the server
    // answers 303 to ?q= with personal data masked (src/server/lookup-forms.ts).
    <form {...form.formProps} role="search" className="search-form support-search">
      <ErrorSummary errors={form.summary} />
      <TextField
        {...form.field("q")}
        label={label}
        hint={intl.formatMessage(messages.searchHint)}
        type="search"
        enterKeyHint="search"
        data-testid="support-search"
      />
      {language ? <input type="hidden" name="language" value={language} /> : null}
    </form>
  );
}

/**
 * The content service's results for a query (searchSupport, top 20). While the next query's
 * answer comes, the previous results stay; the first time, "Searching the answers…". A failure
 * goes to the route's error state with Try again. The server renders a page opened with `?q=`
 * whole (its loader fetched the answer), so a visitor without JavaScript sees the results.
 */
function useSupportSearch(query: string) {
  const { lang } = useLanguage();
  return useQuery({
    ...supportSearchQueryOptions(lang, query),
    enabled: Boolean(query),
    placeholderData: keepPreviousData,
    throwOnError: true,
  });
}

function Results({ query }: { query: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data, isPlaceholderData } = useSupportSearch(query);
  const hits = data?.hits;

  useEffect(() => {
    if (!hits || isPlaceholderData) return;
    track({ event: "search", search_term: query, results: hits.length }, lang);
    // One event per query answered, not per language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, hits === undefined || isPlaceholderData]);

  if (!hits) return <ResultsLoading />;
  if (hits.length === 0) {
    return (
      <EmptyState title={intl.formatMessage(messages.noResults, { query: data.q })}>
        <p>{intl.formatMessage(messages.noResultsHint)}</p>
      </EmptyState>
    );
  }
  return (
    <section
      className="support-results"
      aria-labelledby="support-results-count"
      aria-busy={isPlaceholderData}
    >
      <h2 id="support-results-count" className="result-count" data-testid="support-count">
        {intl.formatMessage(messages.resultCount, { count: hits.length, query: data.q })}
      </h2>
      <ol className="support-result-list">
        {hits.map((hit) => {
          const terms = new Set(hit.terms);
          return (
            <li
              key={`${hit.category.slug}/${hit.slug}`}
              className="support-result"
              data-testid="support-result"
            >
              <p className="support-result__topic">{hit.category.name}</p>
              <h3 className="support-result__title">
                <Link
                  to="/support/$category/$question"
                  params={{ category: hit.category.slug, question: hit.slug }}
                >
                  <Highlight text={hit.name} terms={terms} />
                </Link>
              </h3>
              <p className="support-result__snippet">
                <Highlight text={hit.excerpt} terms={terms} />
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** While the first answer comes (the visitor typed, the service has not answered): a polite status. */
function ResultsLoading() {
  const intl = useIntl();
  return (
    <p className="support-results-loading" data-testid="support-loading">
      {intl.formatMessage(messages.searchLoading)}
    </p>
  );
}

/**
 * A screen-reader announcement of the result count, polite and debounced with the search: the
 * live region stays one element, filled when the answer of this query is there. After hydration
 * only, so the server's HTML and the first browser render agree.
 */
function ResultAnnouncer({ query }: { query: string }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const { data, isPlaceholderData } = useSupportSearch(query);
  const count = data?.hits.length ?? 0;
  const text =
    !query || !hydrated || !data || isPlaceholderData
      ? ""
      : count > 0
        ? intl.formatMessage(messages.resultCount, { count, query: data.q })
        : intl.formatMessage(messages.noResults, { query: data.q });
  return (
    <div className="pui-visually-hidden" role="status" aria-live="polite">
      {text}
    </div>
  );
}

/** One page of the topics (the service's page of categories) and the links to the others. */
function Topics({ topics }: { topics: SupportTopicsData }) {
  const intl = useIntl();
  const categories = topics.items;
  if (topics.total === 0) {
    return <EmptyState title={intl.formatMessage(messages.emptyCategories)} />;
  }
  return (
    <section className="section" aria-labelledby="support-topics">
      <h2 id="support-topics">{intl.formatMessage(messages.topics)}</h2>
      <ul className="support-topics">
        {categories.map((category) => (
          <li key={category.slug} className="support-topic" data-testid="support-topic">
            <h3 className="support-topic__title">
              <Link to="/support/$category" params={{ category: category.slug }}>
                {category.name}
              </Link>
            </h3>
            <p className="support-topic__count">
              {intl.formatMessage(messages.questionCount, { count: category.questionCount })}
            </p>
            <ul className="support-topic__questions">
              {category.questions.map((question) => (
                <li key={question.slug}>
                  <Link
                    to="/support/$category/$question"
                    params={{ category: category.slug, question: question.slug }}
                  >
                    {question.name}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <ListPagination listing={topics} />
    </section>
  );
}

/** The support centre: search as you type (query in `?q=`), the topics, and WhatsApp help. */
export function SupportHomePage({
  query,
  page = 1,
  onQueryChange,
}: {
  query?: string;
  /** Which page of the topics (`?page=`). */
  page?: number;
  onQueryChange: (query: string | undefined) => void;
}) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: topics } = useSuspenseQuery(supportTopicsQueryOptions(lang, page));
  const normalized = query ? normalizeQuery(query) : "";
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "support" });
  return (
    <Container>
      <Crumbs trail={[{ key: "support", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <SearchBox query={normalized} onQueryChange={onQueryChange} />
      <ResultAnnouncer query={normalized} />
      {normalized ? <Results query={normalized} /> : null}
      <Topics topics={topics} />
      <WhatsappHelp />
    </Container>
  );
}
