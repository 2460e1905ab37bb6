import type { Queryable } from "../db/database.js";
import type { SearchKind } from "./importer.js";
import { clip, normaliseKeyword, prefixTerms } from "./text.js";

/** One search hit (content.yaml SearchHit). */
export interface SearchHit {
  kind: SearchKind;
  id: string;
  title: string;
  snippet: string;
  image?: string;
  score: number;
}

/** A search answer (content.yaml SearchResult). */
export interface SearchResult {
  keyword: string;
  lang: string;
  total: number;
  hits: SearchHit[];
}

// ts_headline options: plain text (no selection markers), about 20-35 words around the match.
const HEADLINE = 'StartSel="", StopSel="", MinWords=20, MaxWords=35, ShortWord=2';

/**
 * Full-text search over channels, movies, add-on packs, bundles and store articles of one
 * language: every word of the keyword must match the start of a word (`to_tsquery` prefix
 * terms, `simple` configuration), ranked by ts_rank (title over text over keywords). The terms
 * hold only letters and digits and travel as a parameter, so no input reaches the SQL text.
 */
export async function searchContent(
  db: Queryable,
  input: { keyword: string; lang: string; limit: number },
): Promise<SearchResult> {
  const keyword = normaliseKeyword(input.keyword);
  const terms = prefixTerms(keyword);
  const empty: SearchResult = { keyword, lang: input.lang, total: 0, hits: [] };
  if (terms.length === 0) return empty;
  const { rows } = await db.query<{
    kind: SearchKind;
    id: string;
    title: string;
    snippet: string;
    image: string | null;
    score: number | string;
    total: number | string;
  }>(
    `select s.kind, s.id, s.title, s.image,
            ts_headline('simple', s.body, q, $4) as snippet,
            ts_rank(s.tsv, q, 1) as score,
            count(*) over () as total
     from content_search s, to_tsquery('simple', $1) q
     where s.lang = $2 and s.tsv @@ q
     order by score desc, s.title, s.kind, s.id
     limit $3`,
    [terms.join(" & "), input.lang, input.limit, HEADLINE],
  );
  return {
    keyword,
    lang: input.lang,
    total: Number(rows[0]?.total ?? 0),
    hits: rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      title: r.title,
      snippet: clip(r.snippet),
      ...(r.image ? { image: r.image } : {}),
      // float4 to a short, stable decimal
      score: Math.round(Number(r.score) * 1e6) / 1e6,
    })),
  };
}
