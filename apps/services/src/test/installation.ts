// Test helpers of the installation slots (src/routes/installation*.test.ts).
import { expect } from "vitest";
import { call, createLead, type TestContext } from "./helper.js";
import { completeSteps } from "./orders.js";

type App = TestContext["app"];
const SHOP = "/shop/api";

/** A lead at the first landed address of a postcode, with the 100 Mbps plan ordered. */
export async function leadAt(app: App, postalCode: string, product: "fibre" | "tv" = "fibre") {
  const { token, leadId } = await createLead(app, product);
  const search = await call(app, {
    method: "POST",
    url: "/address/cassandra/api/v1/address/greenfield-search",
    token,
    payload: { postalCode, residenceType: 1 },
  });
  const addressId = search.body.response[0].addressId as string;
  const update = await call(app, {
    method: "PATCH",
    url: `${SHOP}/v1/greenfield/update-sbb-lead`,
    token,
    payload: { address: { addressId } },
  });
  expect(update.status, JSON.stringify(update.body)).toBe(200);
  const order = await call(app, {
    method: "PATCH",
    url: `${SHOP}/v1/greenfield/update-sbb-order`,
    token,
    payload: { packageId: product === "fibre" ? "fibre-100" : "tv-asas" },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return { token, leadId };
}

let orderPhones = 0;

/**
 * An order at the first landed address of a postcode with the slot booked (contact details, a
 * verified phone, consent, a document, the hold, the purchase): its tracking token and number.
 */
export async function bookedOrder(
  app: App,
  postalCode: string,
  booked: { date: string; slot: "morning" | "afternoon" },
) {
  const { token, leadId } = await leadAt(app, postalCode);
  const phone = `0176${String(700_000 + ++orderPhones).padStart(6, "0")}`;
  await completeSteps(app, token, { phone });
  const hold = await call(app, {
    method: "POST",
    url: `${SHOP}/v1/greenfield/installation-hold`,
    token,
    payload: booked,
  });
  expect(hold.status, JSON.stringify(hold.body)).toBe(200);
  const bought = await call(app, {
    method: "POST",
    url: `${SHOP}/v3/purchase`,
    token,
    payload: { termsAccepted: true },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  return {
    leadId,
    orderNumber: bought.body.response.orderNumber as string,
    tracking: bought.body.response.tracking.token as string,
  };
}
