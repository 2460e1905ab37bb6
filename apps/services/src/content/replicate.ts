// The content replicator (issue 22): `seed --scale N` imports the seed's channels, movies, add-on
// packs, store articles, dealers and support articles N times, so the benchmarks run on 10x and
// 100x the content anyone can make. Copy k (2..N) of a document gets the id `<id>-r<k>`, the
// title `<title> R<k>` (both languages alike), a support question the ref_id after the last one
// used; the rest (images, prices, the packs a channel is in) is the original's. Copy 1 is the seed.
import { createHash } from "node:crypto";
import type { ContentKind, ContentSeed, DocumentRow } from "./importer.js";

/** The kinds replicated and the field of their title. */
export const REPLICATED: Partial<Record<ContentKind, string>> = {
  channel: "name",
  movie: "title",
  package: "name",
  article: "title",
  dealer: "name",
  support: "name",
};

/** The largest scale: support ref_ids are `SUP-` and four digits. */
export const MAX_SCALE = 100;

/** The id of copy `k` of `id` (copy 1 is the original). */
export const replicaId = (id: string, k: number): string => (k === 1 ? id : `${id}-r${k}`);

/** The title of copy `k`. */
export const replicaTitle = (title: string, k: number): string =>
  k === 1 ? title : `${title} R${k}`;

/** Reads `--scale N` (or `--scale=N`) from command-line arguments; 1 when absent. */
export function scaleFromArgs(argv: readonly string[]): number {
  const at = argv.findIndex((a) => a === "--scale" || a.startsWith("--scale="));
  if (at < 0) return 1;
  const arg = argv[at] as string;
  const text = arg.includes("=") ? arg.slice("--scale=".length) : argv[at + 1];
  const scale = Number(text);
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE)
    throw new Error(`--scale must be a whole number from 1 to ${MAX_SCALE}, got ${String(text)}`);
  return scale;
}

type Doc = Record<string, unknown>;

/** Every copy of one document row (copy 1 first). `ref` numbers support questions. */
function copies(row: DocumentRow, scale: number, ref: (k: number, refId: string) => string) {
  const titleField = REPLICATED[row.kind] as string;
  const out: Doc[] = [];
  for (let k = 1; k <= scale; k++) {
    const doc = structuredClone(row.doc) as Doc;
    if (k > 1) {
      if (row.kind === "support") {
        doc.slug = replicaId(String(doc.slug), k);
        doc.questions = (doc.questions as Doc[]).map((q) => ({
          ...q,
          slug: replicaId(String(q.slug), k),
          name: replicaTitle(String(q.name), k),
          ref_id: ref(k, String(q.ref_id)),
        }));
      } else doc.id = replicaId(String(doc.id), k);
      doc[titleField] = replicaTitle(String(doc[titleField]), k);
    }
    out.push(doc);
  }
  return out;
}

/**
 * The seed with the replicated kinds N times (`REPLICATED`), in the order of the seed (copies of
 * a kind after its originals, so listings start with the seed's own). Its checksum differs from
 * the seed's, so `seed` without `--scale` brings the seed back.
 */
export function replicateContent(seed: ContentSeed, scale: number): ContentSeed {
  if (scale === 1) return seed;
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE)
    throw new Error(`scale must be a whole number from 1 to ${MAX_SCALE}, got ${scale}`);
  // Support ref_ids: copy k of question SUP-n becomes SUP-(last + (k - 2) * questions + i), the
  // same number in both languages.
  const refs = new Map<string, number>();
  let last = 0;
  for (const row of seed.documents)
    if (row.kind === "support")
      for (const q of (row.doc as Doc).questions as Doc[]) {
        const n = Number(String(q.ref_id).slice(4));
        last = Math.max(last, n);
        if (!refs.has(String(q.ref_id))) refs.set(String(q.ref_id), refs.size);
      }
  const ref = (k: number, refId: string) => {
    const n = last + 1 + (k - 2) * refs.size + (refs.get(refId) ?? 0);
    if (n > 9999) throw new Error(`scale ${scale}: support ref_id SUP-${n} has five digits`);
    return `SUP-${String(n).padStart(4, "0")}`;
  };

  const groups = new Map<string, DocumentRow[]>();
  for (const row of seed.documents) {
    const key = `${row.kind}\0${row.lang}`;
    const group = groups.get(key) ?? [];
    group.push(row);
    groups.set(key, group);
  }
  const documents: DocumentRow[] = [];
  const counts: Record<string, number> = {};
  for (const rows of groups.values()) {
    const kind = (rows[0] as DocumentRow).kind;
    if (!REPLICATED[kind]) {
      documents.push(...rows);
    } else {
      const byCopy = rows.map((row) => copies(row, scale, ref));
      let position = 0;
      for (let k = 0; k < scale; k++)
        for (const [i, row] of rows.entries()) {
          const doc = byCopy[i]?.[k] as Doc;
          const id = row.kind === "support" ? String(doc.slug) : String(doc.id);
          documents.push({ ...row, id, position: position++, doc });
        }
    }
    counts[kind] = (counts[kind] ?? 0) + (REPLICATED[kind] ? rows.length * scale : rows.length);
  }
  const checksum = createHash("sha256").update(`${seed.checksum}\0scale=${scale}`).digest("hex");
  return { documents, checksum, counts };
}
