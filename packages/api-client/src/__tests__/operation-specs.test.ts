import { describe, expect, it } from "vitest";
import { createPortalApi } from "../create-portal-api.js";
import { operationSpecs } from "../generated/operations.js";
import type { OperationSpec } from "../transport.js";

const all = Object.entries(operationSpecs).flatMap(([service, ops]) =>
  (Object.values(ops) as OperationSpec[]).map((op) => ({ service, op })),
);
const find = (service: string, id: string) =>
  (operationSpecs as unknown as Record<string, Record<string, OperationSpec>>)[service]?.[id];

describe("operation table generated from openapi/", () => {
  it("has one entry per operationId with its method and path", () => {
    expect(all.length).toBeGreaterThan(40);
    expect(find("content", "getChannel")).toMatchObject({
      method: "get",
      path: "/api/v1/channel/{lang}/{id}",
      params: { path: ["lang", "id"], query: [] },
    });
    expect(find("shop", "deleteDocument")).toMatchObject({
      method: "delete",
      path: "/api/v3/document/{documentId}.{extension}",
    });
    expect(find("address", "checkIspCoverage")?.params.query).toEqual(["platform"]);
    expect(find("marketing", "submitContactUs")?.body?.contentType).toBe("multipart/form-data");
  });

  it("marks exactly the operations with a security requirement as token-gated", () => {
    const gated = (service: string, id: string) =>
      find(service, id)?.security.map((s) => `${s.scheme}:${s.credential}`);
    expect(gated("shop", "generateSbbLead")).toEqual([]);
    expect(gated("shop", "registerInterest")).toEqual([]);
    expect(gated("shop", "generateOtp")).toEqual(["leadToken:token"]);
    expect(gated("address", "greenfieldSearch")).toEqual(["leadToken:token"]);
    expect(gated("content", "getEntitledAstroFibre")).toEqual(["productToken:token"]);
    expect(gated("content", "b40Verify")).toEqual(["b40Token:token"]);
    expect(gated("content", "b40Auth")).toEqual([]);
    expect(gated("content", "getChannel")).toEqual([]);
    expect(gated("marketing", "submitContactUs")).toEqual(["marketingApiKey:apiKey"]);
  });

  it("gives every entry a function on the client", () => {
    const baseUrls = Object.fromEntries(
      Object.keys(operationSpecs).map((service) => [service, `http://127.0.0.1/${service}`]),
    ) as Record<keyof typeof operationSpecs, string>;
    const api = createPortalApi({ baseUrls }) as unknown as Record<string, Record<string, unknown>>;
    for (const { service, op } of all) {
      expect(typeof api[service]?.[op.operationId], `${service}.${op.operationId}`).toBe(
        "function",
      );
    }
  });
});
