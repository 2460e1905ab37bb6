-- Content of the content service (owner: content catalogue). Loaded from apps/services/seed/ by
-- the content import (src/content/importer.ts), which replaces every row in one transaction.

-- One row per content document, stored exactly as the `response` payload (or list item) of the
-- API. kind: channel, movie, package, combo, bundle, campaign, article, product, highlight,
-- terms, home, support, dealer. lang is bm or en, '' for language-neutral documents (dealers).
-- position keeps the file order, which is the order the API answers in.
create table content_documents (
  kind text not null,
  lang text not null check (lang in ('bm', 'en', '')),
  id text not null,
  position integer not null,
  doc jsonb not null,
  primary key (kind, lang, id)
);
create index content_documents_order_idx on content_documents (kind, lang, position);

-- Searchable text of channels, movies, packs, bundles and store articles, per language. The
-- `simple` configuration lower-cases without stemming, so Malay words are not mangled by an
-- English stemmer. The title weighs most (A), then the descriptive text the snippet is cut from
-- (B), then keywords such as genres, cast, tags and channel numbers (C).
create table content_search (
  kind text not null check (kind in ('channel', 'movie', 'package', 'bundle', 'article')),
  lang text not null check (lang in ('bm', 'en')),
  id text not null,
  title text not null,
  body text not null,
  extra text not null default '',
  image text,
  tsv tsvector generated always as (
    setweight(to_tsvector('simple', title), 'A')
      || setweight(to_tsvector('simple', body), 'B')
      || setweight(to_tsvector('simple', extra), 'C')
  ) stored,
  primary key (kind, lang, id)
);
create index content_search_tsv_idx on content_search using gin (tsv);

-- One row per import that changed something; the newest version tags the cached answers.
create table content_imports (
  version integer primary key,
  checksum text not null,
  counts jsonb not null,
  imported_at timestamptz not null default now()
);
