import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useHydrated } from "@tanstack/react-router";
import type { SupportIndex } from "@portal/support-search";
// The text helpers alone: the index itself loads when the visitor starts to search.
import { excerpt, normalizeQuery } from "@portal/support-search/text";
import { Container, EmptyState, ErrorSummary, PageHeader, TextField } from "@portal/ui";
import { maskPersonalData, supportSearchFormSchema } from "@portal/validation";
import { useSchemaForm } from "@portal/validation/react";
import { Suspense, useEffect, useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { track } from "../../../shared/analytics";
import { Crumbs } from "../../../shared/components/crumbs";
import { languageSearchValue, useLanguage } from "../../../shared/language";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { supportTopicsQueryOptions, type SupportTopicsData } from "../api/get-support";
import { loadSupportIndex, useSupportIndex } from "../api/use-support-index";
import { Highlight } from "../../../shared/components/highlight";
import { supportMessages as messages } from "./messages";
import { WhatsappHelp } from "./whatsapp-help";
import "./support.css";

/** How long typing pauses before the search runs and the URL follows. */
export const SEARCH_DEBOUNCE_MS = 250;
const RESULT_LIMIT = 20;
const QUESTIONS_PER_TOPIC = 4;

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
  const queryClient = useQueryClient();
  const { lang } = useLanguage();
  // The visitor means to search: load the support centre and the library now, so the results are
  // ready as they type (a failure shows where the results go, with the route's Try again).
  const prepare = () => void loadSupportIndex(queryClient, lang).catch(() => undefined);
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
    onValuesChange: prepare,
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
    <form
      {...form.formProps}
      role="search"
      className="search-form support-search"
      onPointerEnter={prepare}
      onTouchStart={prepare}
      onFocus={prepare}
    >
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

function Results({ query }: { query: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const index = useSupportIndex(lang);
  const results = useMemo(() => index.search(query, { limit: RESULT_LIMIT }), [index, query]);

  useEffect(() => {
    track({ event: "search", search_term: query, results: results.length }, lang);
    // One event per query, not per language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  if (results.length === 0) {
    return (
      <EmptyState title={intl.formatMessage(messages.noResults, { query })}>
        <p>{intl.formatMessage(messages.noResultsHint)}</p>
      </EmptyState>
    );
  }
  return (
    <section className="support-results" aria-labelledby="support-results-count">
      <h2 id="support-results-count" className="result-count" data-testid="support-count">
        {intl.formatMessage(messages.resultCount, { count: results.length, query })}
      </h2>
      <ol className="support-result-list">
        {results.map((result) => {
          const terms = new Set(result.terms);
          const question = result.question;
          return (
            <li key={question.slug} className="support-result" data-testid="support-result">
              <p className="support-result__topic">{result.category.name}</p>
              <h3 className="support-result__title">
                <Link
                  to="/support/$category/$question"
                  params={{ category: result.category.slug, question: question.questionSlug }}
                >
                  <Highlight text={question.name} terms={terms} />
                </Link>
              </h3>
              <p className="support-result__snippet">
                <Highlight text={excerpt(question.searchText, terms)} terms={terms} />
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** While the search library loads (the visitor typed before it came): a polite status. */
function ResultsLoading() {
  const intl = useIntl();
  return (
    <p className="support-results-loading" data-testid="support-loading">
      {intl.formatMessage(messages.searchLoading)}
    </p>
  );
}

/**
 * The index once it is there, without suspending (undefined before): the announcer's live region
 * stays one element, filled when the count is known. After hydration only, so the server's HTML
 * and the first browser render agree.
 */
function useLoadedIndex(wanted: boolean): SupportIndex | undefined {
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const { lang } = useLanguage();
  const [loaded, setLoaded] = useState<{ lang: string; index: SupportIndex }>();
  useEffect(() => {
    if (!hydrated || !wanted) return;
    let live = true;
    loadSupportIndex(queryClient, lang).then(
      (index) => live && setLoaded({ lang, index }),
      () => undefined, // the results show the failure
    );
    return () => {
      live = false;
    };
  }, [hydrated, wanted, queryClient, lang]);
  return hydrated && loaded?.lang === lang ? loaded.index : undefined;
}

/** A screen-reader announcement of the result count, polite and debounced with the search. */
function ResultAnnouncer({ query }: { query: string }) {
  const intl = useIntl();
  const index = useLoadedIndex(Boolean(query));
  const count = useMemo(
    () => (query && index ? index.search(query, { limit: RESULT_LIMIT }).length : 0),
    [index, query],
  );
  const text =
    !query || !index
      ? ""
      : count > 0
        ? intl.formatMessage(messages.resultCount, { count, query })
        : intl.formatMessage(messages.noResults, { query });
  return (
    <div className="pui-visually-hidden" role="status" aria-live="polite">
      {text}
    </div>
  );
}

function Topics({ categories }: { categories: SupportTopicsData }) {
  const intl = useIntl();
  if (categories.length === 0) {
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
              {intl.formatMessage(messages.questionCount, { count: category.questions.length })}
            </p>
            <ul className="support-topic__questions">
              {category.questions.slice(0, QUESTIONS_PER_TOPIC).map((question) => (
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
    </section>
  );
}

/** The support centre: search as you type (query in `?q=`), the topics, and WhatsApp help. */
export function SupportHomePage({
  query,
  onQueryChange,
}: {
  query?: string;
  onQueryChange: (query: string | undefined) => void;
}) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: topics } = useSuspenseQuery(supportTopicsQueryOptions(lang));
  const normalized = query ? normalizeQuery(query) : "";
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "support" });
  return (
    <Container>
      <Crumbs trail={[{ key: "support", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <SearchBox query={normalized} onQueryChange={onQueryChange} />
      <ResultAnnouncer query={normalized} />
      {normalized ? (
        <Suspense fallback={<ResultsLoading />}>
          <Results query={normalized} />
        </Suspense>
      ) : null}
      <Topics categories={topics} />
      <WhatsappHelp />
    </Container>
  );
}
