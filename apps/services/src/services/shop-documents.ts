/**
 * A lead's identity documents before and after the upload (openapi/shop.yaml): the signed
 * upload URL of a new document, and its deletion. The upload itself is in uploads.ts.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import { badRequest, forbidden, HttpError, notFound } from "../lib/errors.js";
import * as documents from "../repositories/documents.js";
import type { LeadService } from "./leads.js";
import type { FileStorage } from "./storage.js";
import { EXTENSION_OF, type UploadSigner } from "./upload-signer.js";

/** Documents a lead may hold at once. */
export const MAX_DOCUMENTS_PER_LEAD = 5;

/** Records a pending document of a draft lead and returns its signed upload URL. */
export async function signDocument(
  deps: { db: Database; clock: Clock; leads: LeadService; signer: UploadSigner },
  leadId: string,
  body: { title: string; type: string },
) {
  const type = body.type.split(";")[0]!.trim().toLowerCase();
  const extension = EXTENSION_OF[type];
  if (!extension) throw badRequest("type", "validation.upload.type");
  const documentId = randomUUID();
  await deps.db.transaction(async (tx) => {
    // Locked: two concurrent signings cannot both pass the limit.
    await deps.leads.getDraft(leadId, tx, true);
    if ((await documents.countLive(tx, leadId)) >= MAX_DOCUMENTS_PER_LEAD) {
      throw new HttpError(409, `A lead holds at most ${MAX_DOCUMENTS_PER_LEAD} documents`, {
        code: "document.limit",
      });
    }
    await documents.insertPending(tx, {
      id: documentId,
      leadId,
      title: body.title,
      type,
      extension,
      at: deps.clock.now(),
    });
  });
  const { url, expiresAt } = deps.signer.sign(documentId, type);
  return {
    signedUploadUrl: url,
    documentId,
    extension,
    expiresAt: expiresAt.toISOString(),
  };
}

/** Deletes a document of a draft lead (its row, then its file) and returns the answer. */
export async function deleteDocument(
  deps: { db: Database; clock: Clock; leads: LeadService; storage: FileStorage },
  leadId: string,
  documentId: string,
  extension: string,
) {
  const doc = await deps.db.transaction(async (tx) => {
    const row = await documents.getForUpdate(tx, documentId);
    if (!row || row.status === "deleted") throw notFound("Document not found", "document.notFound");
    if (row.lead_id !== leadId)
      throw forbidden("The document belongs to another lead", "document.forbidden");
    const sameType =
      row.extension === extension || (row.extension === "jpg" && extension === "jpeg");
    if (!sameType) throw notFound("Document not found", "document.notFound");
    await deps.leads.getDraft(leadId, tx, true);
    await documents.markDeleted(tx, documentId, deps.clock.now());
    return row;
  });
  if (doc.storage_key) await deps.storage.delete(doc.storage_key);
  return { documentId, extension, deleted: true };
}
