import type { Queryable } from "../db/database.js";

/** Identity documents of a lead (table documents). */

/** Documents a lead holds (not deleted). */
export async function countLive(tx: Queryable, leadId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    "select count(*)::int as n from documents where lead_id = $1 and status <> 'deleted'",
    [leadId],
  );
  return rows[0]?.n ?? 0;
}

/** Records a document about to be uploaded. */
export async function insertPending(
  tx: Queryable,
  doc: { id: string; leadId: string; title: string; type: string; extension: string; at: Date },
): Promise<void> {
  await tx.query(
    "insert into documents (id, lead_id, title, declared_type, extension, created_at) values ($1, $2, $3, $4, $5, $6)",
    [doc.id, doc.leadId, doc.title, doc.type, doc.extension, doc.at.toISOString()],
  );
}

/** A document row, locked for the rest of the transaction. */
export async function getForUpdate(
  tx: Queryable,
  id: string,
): Promise<
  { lead_id: string; extension: string; storage_key: string | null; status: string } | undefined
> {
  const { rows } = await tx.query<{
    lead_id: string;
    extension: string;
    storage_key: string | null;
    status: string;
  }>("select lead_id, extension, storage_key, status from documents where id = $1 for update", [
    id,
  ]);
  return rows[0];
}

/** Marks a document deleted (its file is removed by the caller). */
export async function markDeleted(tx: Queryable, id: string, at: Date): Promise<void> {
  await tx.query(
    "update documents set status = 'deleted', deleted_at = $2, storage_key = null where id = $1",
    [id, at.toISOString()],
  );
}

/** The state of a document a signed URL uploads to, or undefined. */
export async function uploadTarget(
  db: Queryable,
  id: string,
): Promise<{ status: string; extension: string; lead_id: string } | undefined> {
  const { rows } = await db.query<{ status: string; extension: string; lead_id: string }>(
    "select status, extension, lead_id from documents where id = $1",
    [id],
  );
  return rows[0];
}

/**
 * Claims a pending document for its uploaded file in one conditional statement: a concurrent
 * second upload loses (false).
 */
export async function claimUpload(
  db: Queryable,
  u: { id: string; storageKey: string; size: number; at: Date; keyId: string },
): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    "update documents set status = 'uploaded', storage_key = $2, size_bytes = $3, uploaded_at = $4, key_id = $5 where id = $1 and status = 'pending' returning id",
    [u.id, u.storageKey, u.size, u.at.toISOString(), u.keyId],
  );
  return rows.length > 0;
}

/** Gives a claimed document back to its URL (the store refused the file). */
export async function releaseUpload(db: Queryable, id: string): Promise<void> {
  await db.query(
    "update documents set status = 'pending', storage_key = null, size_bytes = null, uploaded_at = null, key_id = null where id = $1",
    [id],
  );
}
