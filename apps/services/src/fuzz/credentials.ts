import type { FastifyInstance } from "fastify";
import { createLead } from "../test/helper.js";
import type { Credentials } from "./contract-fuzzer.js";

/** Real credentials of every kind for the fuzzer: a lead, a product token, a B40 token, the API key. */
export async function fuzzCredentials(app: FastifyInstance): Promise<Credentials> {
  const { token } = await createLead(app);
  const product = await app.inject({
    method: "POST",
    url: "/content/api/v1/authenticate",
    payload: { product: "fibre", accountNumber: "1000234567", identityCard: "850315145678" },
  });
  const b40 = await app.inject({ method: "POST", url: "/content/api/v1/b40/auth" });
  return {
    lead: token,
    product: product.json().response.token,
    b40: b40.json().response.token,
    apiKey: app.env.marketingApiKey,
  };
}
