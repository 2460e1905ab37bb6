import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Container, PageHeader, RichText } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { imageUrl } from "../../../shared/image-url";
import { formatDate } from "../../../shared/format";
import { useLanguage } from "../../../shared/language";
import { sanitiseHtml } from "../../../shared/sanitise";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { articleQueryOptions } from "../api/get-articles";

const messages = defineMessages({
  store: {
    id: "store.title",
    defaultMessage: "Stories",
    description: "Store article listing heading and title",
  },
  byline: {
    id: "article.byline",
    defaultMessage: "By {author} · {date}",
    description: "Article author and date",
  },
});

/** One store article with its sanitised body. */
export function ArticleDetailPage({ id }: { id: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const { data: article } = useSuspenseQuery(articleQueryOptions(lang, id));
  usePageAnalytics({ pageType: "article", id: article.id, name: article.title });
  return (
    <Container>
      <Crumbs
        trail={[
          { key: "store", label: <Link to="/store">{intl.formatMessage(messages.store)}</Link> },
          { key: article.id, label: article.title },
        ]}
      />
      <article>
        <PageHeader title={article.title} lead={article.summary} />
        <p className="meta-line">
          {intl.formatMessage(messages.byline, {
            author: article.author,
            date: formatDate(article.publishedAt, lang),
          })}
        </p>
        <img
          className="article-image"
          src={imageUrl(article.image)}
          alt=""
          width={960}
          height={540}
          fetchPriority="high"
        />
        <RichText sanitisedHtml={sanitiseHtml(article.body)} />
        {article.tags.length > 0 ? (
          <ul className="tag-list">
            {article.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
      </article>
    </Container>
  );
}
