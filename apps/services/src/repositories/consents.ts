import type { Queryable } from "../db/database.js";

/** Records a consent with the text version and hash it refers to (table consents). */
export async function insertConsent(
  tx: Queryable,
  c: {
    id: string;
    leadId: string;
    language: string;
    textVersion: string;
    textHash: string;
    at: string;
  },
): Promise<void> {
  await tx.query(
    "insert into consents (id, lead_id, language, text_version, text_hash, accepted_at) values ($1, $2, $3, $4, $5, $6)",
    [c.id, c.leadId, c.language, c.textVersion, c.textHash, c.at],
  );
}
