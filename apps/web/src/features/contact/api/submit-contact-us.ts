import { createPortalApi, isApiError, type PortalApi } from "@portal/api-client";
import type { MarketingContactFields } from "@portal/validation";
import type { PortalConfig } from "../../../shared/config";

/** The marker the marketing backend's thank-you page contains (openapi/marketing.yaml). */
export const THANK_YOU_MARKER = "<!-- portal:contact-us:thank-you -->";

const CONTACT_PATH = "/contact-us";

/** The marketing service's base URL, from the configured contact-us endpoint (`<base>/contact-us`). */
export function marketingBaseUrl(contactUrl: string): string {
  const url = contactUrl.replace(/\/+$/, "");
  if (!url.endsWith(CONTACT_PATH)) {
    throw new Error(`config marketing.url must end with ${CONTACT_PATH}, got "${contactUrl}"`);
  }
  return url.slice(0, -CONTACT_PATH.length);
}

const clients = new Map<string, PortalApi<"marketing">>();

function marketingApi(contactUrl: string): PortalApi<"marketing"> {
  let client = clients.get(contactUrl);
  if (!client) {
    client = createPortalApi({
      baseUrls: { marketing: marketingBaseUrl(contactUrl) },
      cache: false,
    });
    clients.set(contactUrl, client);
  }
  return client;
}

/** Why a submission did not count as sent. */
export type ContactFailure =
  /** The captcha solution was refused (invalid, expired or already used): solve a new one. */
  | { kind: "captcha" }
  /** The backend refused one field (its marketing name, e.g. first_contact_number). */
  | { kind: "field"; field: string; code?: string }
  /** Anything else: network, 5xx, a wrong key, or a 2xx without the thank-you marker. */
  | { kind: "failed"; statusCode?: number };

/** A contact-us submission that did not succeed; `failure` says why. */
export class ContactSubmitError extends Error {
  constructor(readonly failure: ContactFailure) {
    super(`contact-us not sent: ${failure.kind}`);
    this.name = "ContactSubmitError";
  }
}

function toFailure(error: unknown): ContactFailure {
  if (!isApiError(error, "http")) return { kind: "failed" };
  const body = (typeof error.error === "object" && error.error !== null ? error.error : {}) as {
    field?: unknown;
    code?: unknown;
  };
  if (error.statusCode === 403) return { kind: "captcha" };
  if (error.statusCode === 400 && typeof body.field === "string" && body.field !== "body") {
    return {
      kind: "field",
      field: body.field,
      ...(typeof body.code === "string" ? { code: body.code } : {}),
    };
  }
  return { kind: "failed", statusCode: error.statusCode };
}

/**
 * Posts the contact-us form (multipart, API key from the configuration, ALTCHA solution in
 * `altcha`). Resolves only when the answer contains the thank-you marker; otherwise rejects with a
 * ContactSubmitError.
 */
export async function submitContactUs(
  marketing: PortalConfig["marketing"],
  fields: MarketingContactFields,
  altcha: string,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== "") form.append(name, value);
  }
  form.append("altcha", altcha);
  let text: string;
  try {
    const answer = await marketingApi(marketing.url).marketing.submitContactUs(form, {
      apiKey: marketing.apiKey,
    });
    text = typeof answer.data === "string" ? answer.data : "";
  } catch (error) {
    throw new ContactSubmitError(toFailure(error));
  }
  if (!text.includes(THANK_YOU_MARKER)) throw new ContactSubmitError({ kind: "failed" });
}

/**
 * The ALTCHA widget's `customfetch`: reads the challenge from the configured URL and hands the
 * widget the challenge itself (the service wraps it as `{ response: <challenge> }`).
 */
export async function fetchAltchaChallenge(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...init, credentials: "omit", cache: "no-store" });
  if (!response.ok) return response;
  const body = (await response.json()) as { response?: unknown };
  return new Response(JSON.stringify(body.response ?? body), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}
