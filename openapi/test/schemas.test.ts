import { resolve } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import {
  type Service,
  OPENAPI_DIR,
  SERVICE_FILES,
  child,
  inline,
  isNode,
  operations,
} from "./load";

const SERVICES = Object.keys(SERVICE_FILES) as Service[];

/** Ajv as the services use it (JSON Schema 2020-12, the OpenAPI 3.1 dialect), strict. */
function makeAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  return ajv;
}

function schemaOf(file: string, name: string): object {
  return inline({ $ref: `#/components/schemas/${name}` }, resolve(OPENAPI_DIR, file)) as object;
}

describe("schemas compile in strict JSON Schema 2020-12 (no OpenAPI-only keywords)", () => {
  it.each(SERVICES)("%s", (service) => {
    const ajv = makeAjv();
    const problems: string[] = [];
    const compile = (schema: unknown, where: string) => {
      try {
        ajv.compile(schema as object);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message.split("\n")[0]}`);
      }
    };
    for (const o of operations(service)) {
      const where = `${o.method.toUpperCase()} ${o.path}`;
      for (const p of o.parameters)
        if (isNode(p.node.schema))
          compile(inline(p.node.schema, p.file), `${where} ${p.node.name}`);
      const body = child(o.op, "requestBody");
      const content = body && child(body, "content");
      for (const [type, media] of Object.entries(content?.node ?? {}))
        if (isNode(media) && isNode(media.schema))
          compile(inline(media.schema, content?.file ?? ""), `${where} body ${type}`);
      const responses = child(o.op, "responses");
      for (const status of Object.keys(responses?.node ?? {})) {
        const response = responses && child(responses, status);
        const rc = response && child(response, "content");
        for (const [type, media] of Object.entries(rc?.node ?? {}))
          if (isNode(media) && isNode(media.schema))
            compile(inline(media.schema, rc?.file ?? ""), `${where} ${status} ${type}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("shared value types", () => {
  const ajv = makeAjv();
  const valid = (name: string, value: unknown) =>
    ajv.validate(schemaOf("common.yaml", name), value);

  it.each([
    ["PhoneNumber", "0123456789", true],
    ["PhoneNumber", "01123456789", true],
    ["PhoneNumber", "+60123456789", true],
    ["PhoneNumber", "012-3456789", false],
    ["PhoneNumber", "0312345678", false],
    ["ContactNumber", "0312345678", true],
    ["Email", "aminah.y+portal@example.com.my", true],
    ["Email", "aminah@@example.my", false],
    ["Email", "aminah@localhost", false],
    ["PersonName", "Aminah binti Yusof", true],
    ["PersonName", " Aminah", false],
    ["PersonName", "Zoë", false],
    ["Postcode", "50450", true],
    ["Postcode", "5045", false],
    ["Postcode", "504501", false],
    ["IdentityCard", "900101145678", true],
    ["IdentityCard", "900101-14-5678", false],
    ["ColourCode", "#FFD100", true],
    ["ColourCode", "#fff", true],
    ["ColourCode", "rgb(0, 51, 102)", true],
    ["ColourCode", "red", false],
    ["Language", "bm", true],
    ["Language", "ms", false],
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
    expect(ajv.validate(verify, { ...ok, otp: "12345a" })).toBe(false);
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
