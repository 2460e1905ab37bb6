// Test helpers of the installation slots (src/routes/installation*.test.ts).
import { expect } from "vitest";
import { call, createLead, type TestContext } from "./helper.js";

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
