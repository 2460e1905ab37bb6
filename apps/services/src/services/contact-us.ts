/**
 * The contact-us form's rules (openapi/marketing.yaml `submitContactUs`): the shared rules of the
 * fields, the known form key, the ALTCHA proof of work (signature and number, expiry on our
 * clock, single use), then the submission is recorded.
 */
import { randomUUID } from "node:crypto";
import { marketingContactSchema } from "@portal/validation";
import { extractParams, verifySolution } from "altcha-lib";
import type { Queryable } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import { HttpError } from "../lib/errors.js";
import { insertSubmission, spendCaptcha } from "../repositories/marketing.js";
import { parseWith } from "../routes/validate.js";

/** The key of the one form the marketing backend accepts. */
export const MARKETING_FORM_KEY = "suria-contact-us";

const captchaError = (code: string, message: string) =>
  new HttpError(403, message, {
    body: { statusCode: 403, error: "Forbidden", message, field: "altcha", code },
  });

/** Checks a contact-us form and records it; throws the contract's 400 and 403 answers. */
export async function submitContactUs(
  deps: { db: Queryable; clock: Clock; altchaHmacKey: string },
  body: Record<string, string>,
): Promise<void> {
  // The shared rules (@portal/validation): 400 naming the field with the rule's message key.
  const f = parseWith(marketingContactSchema, body);
  if (body.formKey !== MARKETING_FORM_KEY) {
    throw new HttpError(400, "formKey is unknown", {
      field: "formKey",
      code: "validation.formKey.invalid",
    });
  }
  // Proof of work: signature and number, then expiry on our clock, then single use.
  let payload: { signature?: string; salt?: string };
  try {
    payload = JSON.parse(Buffer.from(body.altcha ?? "", "base64").toString("utf8"));
  } catch {
    throw captchaError("captcha.invalid", "Captcha verification failed");
  }
  const ok = await verifySolution(payload as never, deps.altchaHmacKey, false).catch(() => false);
  if (!ok || typeof payload.signature !== "string")
    throw captchaError("captcha.invalid", "Captcha verification failed");
  const expires = Number(extractParams(payload as never).expires);
  const now = deps.clock.now();
  if (!Number.isFinite(expires) || expires * 1000 <= now.getTime())
    throw captchaError("captcha.invalid", "Captcha has expired");
  if (!(await spendCaptcha(deps.db, payload.signature, new Date(expires * 1000), now)))
    throw captchaError("captcha.replayed", "Captcha solution was already used");
  await insertSubmission(deps.db, {
    id: randomUUID(),
    formKey: f.formKey,
    name: f.name,
    firstContactNumber: f.first_contact_number,
    secondContactNumber: f.second_contact_number,
    email: f.email,
    address: f.address,
    boxSelection: f.box_selection,
    dishSelection: f.dish_selection,
    contact: f.contact,
    at: now,
  });
}
