import type { Queryable } from "../db/database.js";
import type { ContentKind } from "./importer.js";

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

  /** A listing `{ items, total }` of every document of a kind, in file order. */
  async listing(kind: ContentKind, lang: string): Promise<string> {
    const { rows } = await this.#db.query<{ json: string }>(
      `select json_build_object('items', coalesce(json_agg(doc order by position), '[]'::json),
                                'total', count(*))::text as json
       from content_documents where kind = $1 and lang = $2`,
      [kind, lang],
    );
    return rows[0]?.json ?? '{"items":[],"total":0}';
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
