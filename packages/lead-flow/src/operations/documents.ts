import { fileExtension, uploadFileSchema, validate } from "@portal/validation";
import { LeadFlowError } from "../errors.js";
import { toRequestError, type OperationContext } from "./context.js";

/** Options of one upload. */
export interface UploadDocumentOptions {
  /** What the document is, e.g. "MyKad (front)" (default: the file name, cut to 100 chars). */
  title?: string;
  signal?: AbortSignal;
}

/** The documents step: signed uploads with progress, deletion, going on to the review. */
export interface DocumentOperations {
  uploadDocument(
    file: Blob & { readonly name: string },
    options?: UploadDocumentOptions,
  ): Promise<{ documentId: string; extension: string }>;
  deleteDocument(documentId: string, extension?: string): Promise<void>;
  finishDocuments(): void;
}

export function createDocumentOperations(ctx: OperationContext): DocumentOperations {
  const { api, store, put } = ctx;
  const state = store.getState;
  let uploadCounter = 0;

  async function uploadDocument(
    file: Blob & { readonly name: string },
    options: UploadDocumentOptions = {},
  ): Promise<{ documentId: string; extension: string }> {
    const token = ctx.requireToken("uploadDocument");
    const checked = validate(uploadFileSchema, file, "file");
    if (!checked.success) return ctx.invalid("uploadDocument", checked.errors);
    const title = (options.title ?? file.name).slice(0, 100);
    const uploadId = `upload-${++uploadCounter}`;
    store.dispatch({ type: "uploadStarted", uploadId, name: file.name, size: file.size });
    try {
      const signed = (
        await api.shop.generateSignedUrl({ title, type: file.type as never }, { token })
      ).data;
      store.dispatch({ type: "uploadSigned", uploadId, documentId: signed.documentId });
      await put(signed.signedUploadUrl, file, {
        contentType: file.type,
        onProgress: (loaded) => store.dispatch({ type: "uploadProgressed", uploadId, loaded }),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const extension = signed.extension || fileExtension(file.name);
      const document = { documentId: signed.documentId, extension, name: file.name, title };
      store.dispatch({ type: "uploadFinished", uploadId, document });
      return { documentId: document.documentId, extension };
    } catch (cause) {
      const error = toRequestError(cause);
      store.dispatch({ type: "uploadFailed", uploadId, error: error.toInfo() });
      throw error;
    }
  }

  async function deleteDocument(documentId: string, extension?: string): Promise<void> {
    const token = ctx.requireToken("deleteDocument");
    const ext = extension ?? state().documents.find((d) => d.documentId === documentId)?.extension;
    if (!ext) {
      return ctx.fail(
        "deleteDocument",
        new LeadFlowError("invalid-step", `deleteDocument needs the extension of ${documentId}`),
      );
    }
    store.dispatch({ type: "started", operation: "deleteDocument" });
    await ctx.send("deleteDocument", () =>
      api.shop.deleteDocument({ documentId, extension: ext as never }, { token }),
    );
    store.dispatch({ type: "documentDeleted", documentId });
  }

  return {
    uploadDocument: (file, options) => ctx.track(uploadDocument(file, options)),
    deleteDocument: (documentId, extension) => ctx.track(deleteDocument(documentId, extension)),
    finishDocuments() {
      if (state().documents.length === 0) {
        ctx.fail(
          "uploadDocument",
          new LeadFlowError("invalid-step", "finishDocuments needs an uploaded document"),
        );
      }
      store.dispatch({ type: "documentsFinished" });
    },
  };
}
