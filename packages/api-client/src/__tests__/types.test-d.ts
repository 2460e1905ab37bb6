import { describe, expectTypeOf, it } from "vitest";
import { createPortalApi, type ApiSuccess, type OperationFunction, type Token } from "../index.js";
import type { components as ContentComponents } from "../generated/content.js";
import type { components as ShopComponents } from "../generated/shop.js";

const api = createPortalApi({
  baseUrls: {
    content: "http://localhost:4000/content",
    shop: "http://localhost:4000/shop",
    address: "http://localhost:4000/address",
    marketing: "http://localhost:4000/marketing",
    config: "http://localhost:4000/config",
  },
});

describe("token-gated operations", () => {
  it("require a token in the type", () => {
    // @ts-expect-error options with a token are required
    void api.content.getEntitledAstroFibre();
    // @ts-expect-error token is required, not optional
    void api.content.getEntitledAstroFibre({});
    // @ts-expect-error a lead token is required to delete a document
    void api.shop.deleteDocument({ documentId: "d", extension: "pdf" });
    void api.content.getEntitledAstroFibre({ token: "product.jwt" });
    void api.shop.deleteDocument({ documentId: "d", extension: "pdf" }, { token: "lead.jwt" });

    type EntitledOptions = Parameters<typeof api.content.getEntitledAstroFibre>[0];
    expectTypeOf<EntitledOptions["token"]>().toEqualTypeOf<Token>();
  });

  it("accept the B40 token object as returned by b40Auth", () => {
    type VerifyOptions = Parameters<typeof api.content.b40Verify>[1];
    expectTypeOf<{ token: { tokenType: "Bearer"; token: string } }>().toExtend<VerifyOptions>();
    expectTypeOf<{ token?: Token }>().not.toExtend<VerifyOptions>();
  });

  it("require the marketing API key", () => {
    type ContactOptions = Parameters<typeof api.marketing.submitContactUs>[1];
    expectTypeOf<ContactOptions>().toHaveProperty("apiKey").toEqualTypeOf<string>();
    expectTypeOf<{ token: string }>().not.toExtend<ContactOptions>();
  });

  it("leave the token optional on public operations", () => {
    type ChannelOptions = NonNullable<Parameters<typeof api.content.getChannel>[1]>;
    expectTypeOf<ChannelOptions["token"]>().toEqualTypeOf<Token | undefined>();
    expectTypeOf<Parameters<typeof api.content.getChannel>>().toEqualTypeOf<
      [input: { lang: "bm" | "en"; id: string }, options?: ChannelOptions]
    >();
  });
});

describe("inputs and results come from the spec", () => {
  it("flattens path + query parameters into the first argument of a GET", () => {
    expectTypeOf(api.content.getChannel)
      .parameter(0)
      .toEqualTypeOf<{ lang: "bm" | "en"; id: string }>();
    // @ts-expect-error lang must be bm or en
    void api.content.getChannel({ lang: "fr", id: "x" });
    expectTypeOf(api.content.search).parameter(0).toHaveProperty("keyword");
  });

  it("types data as the `response` field of the 2xx body", () => {
    expectTypeOf(api.content.getChannel).returns.resolves.toEqualTypeOf<
      ApiSuccess<ContentComponents["schemas"]["Channel"]>
    >();
    type Lead = Awaited<ReturnType<typeof api.shop.generateSbbLead>>["data"];
    expectTypeOf<Lead>().toHaveProperty("leadId");
    expectTypeOf<Lead>().toHaveProperty("token");
    void (null as unknown as ShopComponents);
  });

  it("takes the body first when the operation has one, query in options.params", () => {
    type CoverageArgs = Parameters<typeof api.address.checkIspCoverage>;
    expectTypeOf<CoverageArgs[1]["params"]>().toEqualTypeOf<{ platform: "fibre" | "tv" }>();
    // @ts-expect-error params.platform is required
    void api.address.checkIspCoverage({} as CoverageArgs[0], { token: "t" });
  });

  it("accepts FormData for a multipart operation", () => {
    expectTypeOf<FormData>().toExtend<Parameters<typeof api.marketing.submitContactUs>[0]>();
  });

  it("only exposes the services given in baseUrls", () => {
    const contentOnly = createPortalApi({ baseUrls: { content: "http://localhost:4000/content" } });
    expectTypeOf(contentOnly).toHaveProperty("content");
    expectTypeOf(contentOnly).not.toHaveProperty("shop");
  });
});

describe("OperationFunction over a hand-written operation", () => {
  interface Op {
    parameters: { query?: never; header?: never; path: { id: string }; cookie?: never };
    requestBody?: never;
    responses: { 200: { headers: object; content: { "application/json": { response: number } } } };
  }
  type Secured = {
    security: readonly [{ scheme: "s"; credential: "token"; header: "Authorization" }];
  };
  type Public = { security: readonly [] };

  it("requires the token only when the entry has a security alternative", () => {
    expectTypeOf<Parameters<OperationFunction<Op, Secured>>[1]>()
      .toHaveProperty("token")
      .toEqualTypeOf<Token>();
    expectTypeOf<Parameters<OperationFunction<Op, Public>>>().toExtend<
      [{ id: string }, unknown?]
    >();
    expectTypeOf<ReturnType<OperationFunction<Op, Public>>>().resolves.toEqualTypeOf<
      ApiSuccess<number>
    >();
  });
});
