import { CONSENT_TEXT_HASHES } from "@portal/validation";
import type { FastifyInstance } from "fastify";
import { call, createLead } from "./helper.js";

const SHOP = "/shop/api";
/** The bytes of an identity document as uploaded: a PNG signature and some pixels. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("the front of a MyKad, in plain pixels"),
]);

let phones = 0;

/** Throws with the answer when a step did not answer 200. */
function ok<T extends { status: number; body: unknown }>(step: string, res: T): T {
  if (res.status !== 200) throw new Error(`${step}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/**
 * A fibre lead ready to purchase, through the real operations: address (postcode 34000, 100
 * Mbps), the fibre-100 package, contact details, a verified phone (mock OTP), consent and one
 * uploaded document. `phoneBase` keeps the phone numbers of different test files apart.
 */
export async function readyLead(app: FastifyInstance, phoneBase = 400_000) {
  const { token, leadId } = await createLead(app, "fibre");
  const search = ok(
    "address",
    await call(app, {
      method: "POST",
      url: "/address/cassandra/api/v1/address/greenfield-search",
      token,
      payload: { postalCode: "34000", residenceType: 1 },
    }),
  );
  const addressId = search.body.response[0].addressId as string;
  const phone = `0173${String(phoneBase + ++phones).padStart(6, "0")}`;
  await completeSteps(app, token, { phone, lead: { address: { addressId } } });
  ok(
    "order",
    await call(app, {
      method: "PATCH",
      url: `${SHOP}/v1/greenfield/update-sbb-order`,
      token,
      payload: { packageId: "fibre-100" },
    }),
  );
  return { token, leadId };
}

/** Signs and uploads one document (PNG bytes) to the lead; answers the document id. */
export async function uploadDocument(
  app: FastifyInstance,
  token: string,
  body: Buffer = PNG,
): Promise<string> {
  const signed = ok(
    "signed url",
    await call(app, {
      method: "POST",
      url: `${SHOP}/v3/generate-signed-url`,
      token,
      payload: { title: "MyKad (front)", type: "image/png" },
    }),
  );
  const u = new URL(signed.body.response.signedUploadUrl);
  ok(
    "upload",
    await call(app, {
      method: "PUT",
      url: `${u.pathname}${u.search}`,
      payload: body,
      headers: { "content-type": "image/png" },
    }),
  );
  return signed.body.response.documentId as string;
}

/**
 * The sign-up's steps after the address, through the real operations: contact details (with
 * `lead`'s other fields, e.g. the identity card or the address), a verified phone (mock OTP),
 * consent and one uploaded document. Throws with the answer of a step that did not answer 200;
 * answers the document's id.
 */
export async function completeSteps(
  app: FastifyInstance,
  token: string,
  { phone, lead = {} }: { phone: string; lead?: Record<string, unknown> },
): Promise<string> {
  ok(
    "lead",
    await call(app, {
      method: "PATCH",
      url: `${SHOP}/v1/greenfield/update-sbb-lead`,
      token,
      payload: {
        name: "Aminah binti Yusof",
        phoneNumber: phone,
        email: "aminah@example.my",
        ...lead,
      },
    }),
  );
  const otp = ok(
    "otp",
    await call(app, {
      method: "POST",
      url: `${SHOP}/v3/generate-otp`,
      token,
      payload: { phoneNumber: phone, mock: true },
    }),
  );
  ok(
    "verify",
    await call(app, {
      method: "POST",
      url: `${SHOP}/v3/verify-otp`,
      token,
      payload: { phoneNumber: phone, otp: "123456", code: otp.body.response.code, mock: true },
    }),
  );
  ok(
    "consent",
    await call(app, {
      method: "POST",
      url: `${SHOP}/v3/consent`,
      token,
      payload: { language: "en", consentTextHash: CONSENT_TEXT_HASHES.en },
    }),
  );
  return uploadDocument(app, token);
}

/** POST /v3/purchase, with an Idempotency-Key when given. */
export const purchase = (app: FastifyInstance, token: string, key?: string) =>
  call(app, {
    method: "POST",
    url: `${SHOP}/v3/purchase`,
    token,
    payload: { termsAccepted: true },
    headers: key === undefined ? {} : { "idempotency-key": key },
  });
