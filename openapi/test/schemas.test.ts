import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import {
  type OpenApiDocument,
  SERVICES,
  SHARED_FILES,
  authoredSchema,
  listOperations,
  loadDocument,
} from "../src/index";

/** Every file of openapi/, dereferenced once. */
const DOCS = new Map<string, OpenApiDocument>(
  await Promise.all(
    [...SERVICES.map((s) => s.file), ...SHARED_FILES].map(
      async (file) => [file, await loadDocument(file)] as const,
    ),
  ),
);

/** Ajv as the services use it (JSON Schema 2020-12, the OpenAPI 3.1 dialect), strict. */
function makeAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  // Our one extension: the @portal/validation schema that enforces a value (an annotation).
  ajv.addKeyword({ keyword: "x-portal-validation", metaSchema: { type: "string" } });
  ajv.addKeyword({ keyword: "x-portal-opaque", metaSchema: { type: "boolean" } });
  return ajv;
}

/** The value types whose rule lives in @portal/validation only, with the schema that holds it. */
const SHARED_RULES = {
  PhoneNumber: "mobileNumberSchema",
  ContactNumber: "contactNumberSchema",
  Email: "emailSchema",
  PersonName: "personNameSchema",
  Postcode: "postcodeSchema",
  IdentityCard: "myKadSchema",
  ReferralCode: "referralCodeSchema",
} as const;

function schemaOf(file: string, name: string): object {
  const schema = DOCS.get(file)?.components?.schemas?.[name];
  if (!schema) throw new Error(`${file} has no schema ${name}`);
  return schema;
}

describe("schemas compile in strict JSON Schema 2020-12 (no OpenAPI-only keywords)", () => {
  it.each(SERVICES.map((s) => s.file))("%s", (file) => {
    const ajv = makeAjv();
    const problems: string[] = [];
    const compile = (schema: unknown, where: string) => {
      try {
        ajv.compile(schema as object);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message.split("\n")[0]}`);
      }
    };
    for (const o of listOperations(DOCS.get(file)!)) {
      const where = `${o.method.toUpperCase()} ${o.path}`;
      for (const p of o.parameters) if (p.schema) compile(p.schema, `${where} ${p.name}`);
      for (const [type, media] of Object.entries(o.operation.requestBody?.content ?? {}))
        if (media.schema) compile(media.schema, `${where} body ${type}`);
      for (const [status, response] of Object.entries(o.operation.responses ?? {}))
        for (const [type, media] of Object.entries(response.content ?? {}))
          if (media.schema) compile(media.schema, `${where} ${status} ${type}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("shared value types", () => {
  const ajv = makeAjv();
  const valid = (name: string, value: unknown) =>
    ajv.validate(schemaOf("common.yaml", name), value);

  it.each(Object.entries(SHARED_RULES))(
    "%s: the rule is @portal/validation's %s, stated as a pattern",
    (name, rule) => {
      // Issue 21: the pattern states the rule for clients and fuzzers; the services'
      // src/fuzz/rule-patterns.test.ts checks that both accept the same strings.
      const schema = schemaOf("common.yaml", name) as Record<string, unknown>;
      expect(typeof schema.pattern).toBe("string");
      expect(schema.format).toBeUndefined();
      expect(schema["x-portal-validation"]).toBe(rule);
      expect(schema.type).toBe("string");
      expect(typeof schema.maxLength).toBe("number");
      expect(String(schema.description)).toContain(rule);
    },
  );

  it("the OTP of verify-otp names otpSchema and states it as a pattern", () => {
    const verify = schemaOf("shop.yaml", "OtpVerifyRequest") as {
      properties: { otp: Record<string, unknown> };
    };
    expect(verify.properties.otp.pattern).toBe("^[0-9]{6}$");
    expect(verify.properties.otp["x-portal-validation"]).toBe("otpSchema");
  });

  it.each([
    ["PhoneNumber", "0123456789", true],
    ["PhoneNumber", 123456789, false],
    ["PhoneNumber", "0".repeat(21), false],
    ["Email", "x".repeat(255), false],
    ["PersonName", "", false],
    ["Postcode", "504501", false],
    ["IdentityCard", "900101-14-5678", true],
    ["IdentityCard", "9001011456789012", false],
    ["ColourCode", "#FFD100", true],
    ["ColourCode", "#fff", true],
    ["ColourCode", "rgb(0, 51, 102)", true],
    ["ColourCode", "red", false],
    ["Language", "bm", true],
    ["Language", "ms", false],
    ["MalaysianStateSlug", "negeri-sembilan", true],
    ["MalaysianStateSlug", "Negeri Sembilan", false],
    ["Product", "tv", true],
    ["ResidenceType", 2, true],
    ["ResidenceType", 3, false],
  ] as const)("%s %j -> %s", (name, value, expected) => {
    expect(valid(name, value)).toBe(expected);
  });

  it("error bodies: 400 needs field and code; others may omit them", () => {
    const body = { statusCode: 400, error: "Bad Request", message: "email is invalid" };
    expect(ajv.validate(schemaOf("common.yaml", "ValidationErrorBody"), body)).toBe(false);
    expect(
      ajv.validate(schemaOf("common.yaml", "ValidationErrorBody"), {
        ...body,
        field: "email",
        code: "validation.email.invalid",
      }),
    ).toBe(true);
    expect(ajv.validate(schemaOf("common.yaml", "ErrorBody"), { ...body, stack: "x" })).toBe(false);
  });
});

describe("request bodies reject what the services must refuse", () => {
  const ajv = makeAjv();

  it("lead search payload: extra field, long postcode, bad residence type", () => {
    const schema = schemaOf("address.yaml", "LeadSearchPayload");
    expect(ajv.validate(schema, { postalCode: "47301", residenceType: 1 })).toBe(true);
    expect(ajv.validate(schema, { postalCode: "47301", residenceType: 1, x: 1 })).toBe(false);
    expect(ajv.validate(schema, { postalCode: "473011", residenceType: 1 })).toBe(false);
    expect(ajv.validate(schema, { postalCode: "47301", residenceType: "landed" })).toBe(false);
    expect(ajv.validate(schema, { postalCode: "47301", residenceType: 1, state: "johor" })).toBe(
      true,
    );
    expect(ajv.validate(schema, { postalCode: "47301", residenceType: 1, state: "Johor" })).toBe(
      false,
    );
    expect(
      ajv.validate(schema, { postalCode: "47301", residenceType: 2, streetName: "x".repeat(101) }),
    ).toBe(false);
  });

  it("OTP: generate needs the mock flag, verify a 6-digit otp", () => {
    const generate = schemaOf("shop.yaml", "OtpGenerateRequest");
    expect(ajv.validate(generate, { phoneNumber: "0123456789", mock: true })).toBe(true);
    expect(ajv.validate(generate, { phoneNumber: "0123456789" })).toBe(false);
    const verify = schemaOf("shop.yaml", "OtpVerifyRequest");
    const ok = { phoneNumber: "0123456789", otp: "123456", code: "9f2c1e7a4b", mock: false };
    expect(ajv.validate(verify, ok)).toBe(true);
    expect(ajv.validate(verify, { ...ok, otp: "1234567" })).toBe(false);
  });

  it("update lead needs at least one field", () => {
    const schema = schemaOf("shop.yaml", "LeadUpdateRequest");
    expect(ajv.validate(schema, {})).toBe(false);
    expect(ajv.validate(schema, { email: "aminah@example.my" })).toBe(true);
  });

  it("signed upload request: only the four media types", () => {
    const schema = schemaOf("shop.yaml", "SignedUrlRequest");
    for (const type of ["image/png", "image/bmp", "image/jpeg", "application/pdf"])
      expect(ajv.validate(schema, { title: "MyKad (front)", type })).toBe(true);
    expect(ajv.validate(schema, { title: "MyKad (front)", type: "image/gif" })).toBe(false);
  });

  it("contact-us: contact is fixed to Yes, email optional", () => {
    const schema = schemaOf("marketing.yaml", "ContactUsForm");
    const form = {
      formKey: "suria-contact-us",
      name: "Lim Wei Ming",
      first_contact_number: "0198765432",
      second_contact_number: "0312345678",
      address: "12 Jalan SS 2/24, 47300 Petaling Jaya, Selangor",
      box_selection: "Suria Ultra Box",
      dish_selection: "New dish",
      contact: "Yes",
      altcha: "eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=",
    };
    expect(ajv.validate(schema, form)).toBe(true);
    expect(ajv.validate(schema, { ...form, contact: "No" })).toBe(false);
    expect(ajv.validate(schema, { ...form, altcha: undefined })).toBe(false);
  });
});

describe("config", () => {
  it("answers the SPEC constants: language parameter, build 1.15.6 / 1, ALTCHA", () => {
    const ajv = makeAjv();
    const config = schemaOf("config.yaml", "PortalConfig") as { examples: unknown[] };
    const example = config.examples[0];
    expect(ajv.validate(config, example)).toBe(true);
    expect(example).toMatchObject({
      languageParam: "language",
      build: { version: "1.15.6", number: 1 },
      captcha: { provider: "altcha" },
    });
  });
});

describe("language", () => {
  it("has no default where it is required: a missing language is a 400", () => {
    const ajv = makeAjv();
    const language = schemaOf("common.yaml", "Language") as Record<string, unknown>;
    expect(language.default).toBeUndefined();
    for (const [file, name] of [
      ["shop.yaml", "LeadCreateRequest"],
      ["shop.yaml", "ConsentRequest"],
      ["shop.yaml", "RegisterInterestRequest"],
    ] as const) {
      const schema = schemaOf(file, name) as { required: string[]; properties: object };
      expect(schema.required, name).toContain("language");
    }
    expect(ajv.validate(schemaOf("shop.yaml", "ConsentRequest"), {})).toBe(false);
  });

  it("the optional lang query falls back to bm, the portal's default", () => {
    const parameters = DOCS.get("common.yaml")?.components?.parameters as Record<string, unknown>;
    const lang = parameters.LangQuery as {
      required: boolean;
      schema: { default: string; enum: string[] };
    };
    expect(lang.required).toBe(false);
    expect(lang.schema).toMatchObject({ default: "bm", enum: ["bm", "en"] });
  });
});

describe("computed values: readOnly in answers, refused in content documents", () => {
  const ajv = makeAjv();
  const price = {
    regularMonthlyRm: 169,
    periods: [
      { fromMonth: 1, toMonth: 6, monthlyRm: 129 },
      { fromMonth: 7, monthlyRm: 169 },
    ],
    installationFeeRm: 0,
    campaignIds: ["year-end-fibre-deal"],
  };
  const combo = {
    id: "fibre-500",
    product: "fibre",
    name: "Suria Fibre 500Mbps",
    tagline: "Our most popular choice",
    speedMbps: 500,
    priceRm: 169,
    installationFeeRm: 0,
    contractMonths: 24,
    packageIds: ["variety-pack"],
    highlights: [],
    image: "/content/images/combo-fibre-500.svg",
    recommended: true,
  };

  it("an answered combo needs its price; the authored one must not carry it", () => {
    const answered = schemaOf("content.yaml", "Combo") as Record<string, unknown>;
    const authored = authoredSchema(answered);
    expect(ajv.validate(answered, combo)).toBe(false);
    expect(ajv.validate(answered, { ...combo, price, priceValidUntil: "2027-01-31" })).toBe(true);
    expect(ajv.validate(authored, combo)).toBe(true);
    expect(ajv.validate(authored, { ...combo, price })).toBe(false);
    // The answered schema is left as it was.
    expect((answered.required as string[]).includes("price")).toBe(true);
  });

  it("strips at every depth: the home page's combo list, a campaign's status and offers", () => {
    const home = authoredSchema(schemaOf("content.yaml", "Home") as Record<string, unknown>) as {
      properties: { comboList: { items: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(home.properties.comboList.items.properties)).not.toContain("price");
    const campaign = authoredSchema(
      schemaOf("content.yaml", "Campaign") as Record<string, unknown>,
    ) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(campaign.properties)).not.toContain("status");
    expect(campaign.required).not.toContain("offers");
  });

  it("every readOnly property in content.yaml is one the content service computes", () => {
    const found = new Set<string>();
    const walk = (value: unknown, name?: string) => {
      if (Array.isArray(value)) return value.forEach((v) => walk(v));
      if (typeof value !== "object" || value === null) return;
      const record = value as Record<string, unknown>;
      if (record.readOnly === true && name) found.add(name);
      for (const [key, child] of Object.entries(record))
        if (key === "properties" && typeof child === "object" && child !== null)
          for (const [prop, schema] of Object.entries(child)) walk(schema, prop);
        else walk(child);
    };
    walk(DOCS.get("content.yaml")?.components?.schemas);
    expect([...found].sort()).toEqual(["offers", "price", "priceValidUntil", "status"]);
  });
});
