import type { Queryable } from "../db/database.js";
import type { ContentKind } from "./importer.js";

/** The fields a page can be filtered on (channels by genre, dealers by state). */
export type PageFilterField = "genre" | "state";

/** Which page of a list to read (content.yaml PageQuery, PageLimitQuery). */
export interface PageQuery {
  page: number;
  limit: number;
  match?: { field: PageFilterField; value: string } | undefined;
  genres?: boolean;
}

/** A highlight as stored, with its display window. */
export interface HighlightRow {
  /** The Highlight object as JSON text. */
  json: string;
  startsAt: string | null;
  endsAt: string | null;
}

/**
 * Reads content documents. Every method answers JSON text built by the database (jsonb output),
 * so an answer is never parsed and serialised again on its way out.
 */
export class ContentRepository {
  readonly #db: Queryable;
  constructor(db: Queryable) {
    this.#db = db;
  }

  /** One document by id, or undefined; `match` also requires a top-level field value. */
  async one(
    kind: ContentKind,
    lang: string,
    id: string,
    match?: { field: string; value: string },
  ): Promise<string | undefined> {
    const { rows } = await this.#db.query<{ json: string }>(
      match
        ? "select doc::text as json from content_documents where kind = $1 and lang = $2 and id = $3 and doc->>$4 = $5"
        : "select doc::text as json from content_documents where kind = $1 and lang = $2 and id = $3",
      match ? [kind, lang, id, match.field, match.value] : [kind, lang, id],
    );
    return rows[0]?.json;
  }

  /** Every document of a kind in file order as a JSON array, optionally where a field equals a value. */
  async list(
    kind: ContentKind,
    lang: string,
    match?: { field: string; value: string },
  ): Promise<string> {
    const { rows } = await this.#db.query<{ json: string }>(
      `select coalesce(json_agg(doc order by position), '[]'::json)::text as json
       from content_documents where kind = $1 and lang = $2${match ? " and doc->>$3 = $4" : ""}`,
      match ? [kind, lang, match.field, match.value] : [kind, lang],
    );
    return rows[0]?.json ?? "[]";
  }

  /**
   * One page `{ items, total, page, limit }` of the documents of a kind in file order, optionally
   * where a top-level field equals a value (LIMIT/OFFSET over the (kind, lang, position) index,
   * or the field's own index for channels by genre and dealers by state, migration 0120).
   * `genres` adds every genre of the kind and language with its count (the channel filter).
   */
  async page(
    kind: ContentKind,
    lang: string,
    { page, limit, match, genres = false }: PageQuery,
  ): Promise<{ json: string; total: number }> {
    // The field is a literal of PageFilterField (never request text), so the planner can use the
    // expression indexes of migration 0120; the value is a parameter.
    const where = `kind = $1 and lang = $2${match ? ` and doc->>'${match.field}' = $5` : ""}`;
    const params: unknown[] = [kind, lang, limit, (page - 1) * limit];
    if (match) params.push(match.value);
    const facets = genres
      ? `, (select coalesce(json_agg(json_build_object('genre', g.genre, 'genreName', g.name,
             'count', g.count) order by g.first), '[]'::json)::text
           from (select doc->>'genre' as genre, min(doc->>'genreName') as name,
                        count(*)::int as count, min(position) as first
                 from content_documents where kind = $1 and lang = $2
                 group by doc->>'genre') g) as genres`
      : "";
    const { rows } = await this.#db.query<{ items: string; total: number; genres?: string }>(
      `select (select coalesce(json_agg(p.doc order by p.position), '[]'::json)::text
               from (select doc, position from content_documents where ${where}
                     order by position limit $3 offset $4) p) as items,
              (select count(*)::int from content_documents where ${where}) as total${facets}`,
      params,
    );
    const row = rows[0];
    const total = Number(row?.total ?? 0);
    const json =
      `{"items":${row?.items ?? "[]"},"total":${total},"page":${page},"limit":${limit}` +
      `${genres ? `,"genres":${row?.genres ?? "[]"}` : ""}}`;
    return { json, total };
  }

  /** The highlights of one kind (announcement or promotion), in file order. */
  async highlights(kind: string, lang: string): Promise<HighlightRow[]> {
    const { rows } = await this.#db.query<HighlightRow>(
      `select doc::text as json, doc->>'startsAt' as "startsAt", doc->>'endsAt' as "endsAt"
       from content_documents where kind = 'highlight' and lang = $1 and doc->>'kind' = $2
       order by position`,
      [lang, kind],
    );
    return rows;
  }
}

/** The first highlight whose window contains `now` (startsAt <= now < endsAt; a missing bound is open). */
export function activeHighlight<T extends Pick<HighlightRow, "startsAt" | "endsAt">>(
  rows: readonly T[],
  now: Date,
): T | undefined {
  const t = now.getTime();
  return rows.find(
    (r) =>
      (r.startsAt === null || Date.parse(r.startsAt) <= t) &&
      (r.endsAt === null || t < Date.parse(r.endsAt)),
  );
}
