// The "Signed upload" example of the README, run against the services (PORTAL_URL).
import assert from "node:assert/strict";
import { createPortalApi } from "@portal/api-client";

const base = process.env.PORTAL_URL ?? "http://localhost:4000";
const api = createPortalApi({ baseUrls: { shop: `${base}/shop` } });
const { token } = (await api.shop.generateSbbLead({ product: "fibre", language: "bm" })).data;
// A small but real PDF: the uploads service checks the file's first bytes against its type.
const file = new Blob(["%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"], {
  type: "application/pdf",
});

// #region upload
const title = "MyKad (front)";
const type = "application/pdf";
const { signedUploadUrl } = (await api.shop.generateSignedUrl({ title, type }, { token })).data;
const uploaded = await api.uploadToSignedUrl(signedUploadUrl, file); // a File or Blob uses its own type
// Bytes carry their type in the options: uploadToSignedUrl(url, bytes, { contentType: "application/pdf" })
// #endregion upload

console.log("uploaded", uploaded.statusCode, uploaded.data);
assert.equal(uploaded.success, true);
