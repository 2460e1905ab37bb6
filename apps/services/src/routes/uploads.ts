import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { describeAjvError } from "../openapi/ajv.js";
import { rateLimited } from "../plugins/security.js";
import { badRequest, HttpError } from "../lib/errors.js";
import { UPLOAD_RULES } from "../services/upload-signer.js";
import { acceptUpload, tooLarge, type UploadRequest } from "../services/uploads.js";

/**
 * The answer to an upload the contract refused: 413 for a declared length over the limit, the
 * signed URL's parameters as an invalid signature (403), anything else 400 naming the field.
 */
function refusalOf(request: FastifyRequest): HttpError {
  const error = request.validationError as { validation?: never[]; validationContext?: string };
  const described = describeAjvError(
    (error.validation ?? [])[0],
    error.validationContext ?? "querystring",
  );
  if (
    described.field === "content-length" &&
    Number(request.headers["content-length"]) > UPLOAD_RULES.maxBytes
  )
    return tooLarge();
  if (["expires", "type", "max", "sig"].includes(described.field))
    return new HttpError(403, "The upload URL is invalid", { code: "upload.signature.invalid" });
  return badRequest(described.field, described.code, described.message);
}

/** The uploads target: PUT of a file to an HMAC-signed URL. */
export function uploadsOperations(app: FastifyInstance): OperationTable {
  const { signer, storage, uploadTempDir, documentKeys } = app.services;
  const deps = { db: app.db, clock: app.clock, signer, storage, uploadTempDir, documentKeys };
  // The body is handed over unread, whatever its type; the handler checks and streams it.
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  for (const type of ["application/json", "text/plain"]) {
    app.removeContentTypeParser(type);
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }
  return {
    uploadDocument: {
      options: {
        // The declared length is checked in the handler, against the signed maximum.
        config: {
          ...rateLimited(2),
          bodyTimeoutMs: app.env.timeouts.uploadBodyMs,
          ownBodyLimit: true,
        },
        attachValidation: true,
        bodyLimit: UPLOAD_RULES.maxBytes,
      },
      async handler(request, reply) {
        const { documentId } = request.params as { documentId: string };
        if (request.validationError) throw refusalOf(request);
        const upload = await acceptUpload(deps, {
          documentId,
          query: request.query as Record<string, unknown>,
          headers: request.headers as UploadRequest["headers"],
          body: request.body as Readable,
        });
        reply.header("cache-control", "no-store");
        return { response: upload };
      },
    },
  };
}
