// The "Errors" example of the README, run against the services (PORTAL_URL).
import assert from "node:assert/strict";
import { createPortalApi } from "@portal/api-client";

const base = process.env.PORTAL_URL ?? "http://localhost:4000";
const api = createPortalApi({ baseUrls: { content: `${base}/content` } });
const productToken = "expired-or-forged-token";
let handled = "";

// #region errors
import { isApiError } from "@portal/api-client";

try {
  await api.content.getEntitledAstroFibre({ token: productToken });
} catch (error) {
  if (isApiError(error, "http") && error.statusCode === 401) {
    // error.error is the parsed response body, here an EntitledError
    console.log(error.code, error.statusCode, error.error); // http 401 { errors: [{ errorCode: "ASTRO_FIBRE_INVALID_TOKEN", ... }] }
    handled = "http 401";
  } else throw error;
}
// #endregion errors

assert.equal(handled, "http 401");
