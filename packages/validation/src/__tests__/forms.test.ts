import { describe, expect, it } from "vitest";
import {
  CONSENT_TEXT_HASHES,
  STATES,
  b40VerifyBodySchema,
  consentBodySchema,
  contactUsFormSchema,
  generateOtpBodySchema,
  leadContactSchema,
  leadCreateBodySchema,
  leadUpdateBodySchema,
  leadSearchFormSchema,
  leadSearchPayloadSchema,
  marketingContactSchema,
  registerInterestSchema,
  toFieldErrors,
  toMarketingFields,
  validate,
  verifyOtpBodySchema,
} from "../index.js";
import * as v from "valibot";

describe("lead search", () => {
  it("lists the 16 state slugs", () => {
    expect(STATES).toHaveLength(16);
    expect(new Set(STATES).size).toBe(16);
  });

  it.each([
    ["landed", 1],
    ["multiStorey", 2],
  ] as const)("maps %s to %d and drops empty fields", (residenceType, code) => {
    const result = validate(leadSearchFormSchema, {
      postalCode: "50450",
      residenceType,
      streetName: "Jalan Ampang",
      houseNumber: "",
      state: "",
    });
    expect(result.output).toEqual({
      postalCode: "50450",
      residenceType: code,
      streetName: "Jalan Ampang",
    });
  });

  it("keeps every optional field with a value", () => {
    const full = {
      postalCode: "88000",
      residenceType: "multiStorey",
      streetType: "Jalan",
      streetName: "Gaya",
      houseNumber: "12-3",
      buildingName: "Menara Suria",
      area: "Pusat Bandar",
      city: "Kota Kinabalu",
      state: "sabah",
    };
    expect(validate(leadSearchFormSchema, full).output).toEqual({ ...full, residenceType: 2 });
  });

  it.each([
    [{ postalCode: "5045", residenceType: "landed" }, "postalCode", "validation.postcode.digits"],
    [
      { postalCode: "50450", residenceType: "condo" },
      "residenceType",
      "validation.residenceType.invalid",
    ],
    [{ postalCode: "50450" }, "residenceType", "validation.required"],
    [{ residenceType: "landed" }, "postalCode", "validation.required"],
    [
      { postalCode: "50450", residenceType: "landed", state: "singapore" },
      "state",
      "validation.state.invalid",
    ],
    [
      { postalCode: "50450", residenceType: "landed", city: "x".repeat(61) },
      "city",
      "validation.tooLong",
    ],
    [
      { postalCode: "50450", residenceType: "landed", streetType: "x".repeat(31) },
      "streetType",
      "validation.tooLong",
    ],
    [
      { postalCode: "50450", residenceType: "landed", houseNumber: 12 },
      "houseNumber",
      "validation.type",
    ],
    [null, "", "validation.type"],
  ])("rejects %j at %s with %s", (input, field, code) => {
    expect(validate(leadSearchFormSchema, input).errors).toContainEqual({ field, code });
  });

  it("validates the wire payload with codes 1 and 2 only", () => {
    expect(
      validate(leadSearchPayloadSchema, { postalCode: "50450", residenceType: 2 }).success,
    ).toBe(true);
    expect(
      validate(leadSearchPayloadSchema, { postalCode: "50450", residenceType: "landed" }).errors,
    ).toEqual([{ field: "residenceType", code: "validation.residenceType.invalid" }]);
    expect(
      validate(leadSearchPayloadSchema, { postalCode: "50450", residenceType: 3 }).success,
    ).toBe(false);
  });
});

describe("contact-us", () => {
  const form = {
    fullname: "Siti Aminah",
    mobileNumber: "012-3456789",
    email: "siti+tv@example.com",
    altNumber: "+60 11 2345 6789",
    address: "12 Jalan Gaya, 88000 Kota Kinabalu",
    boxSelection: "Ultra Box",
    dishSelection: "Yes",
  };

  it("maps the form to the marketing fields", () => {
    const parsed = validate(contactUsFormSchema, form);
    expect(parsed.success).toBe(true);
    const fields = toMarketingFields(parsed.output!, "form-123");
    expect(fields).toEqual({
      formKey: "form-123",
      name: "Siti Aminah",
      first_contact_number: "+60123456789",
      email: "siti+tv@example.com",
      second_contact_number: "+601123456789",
      address: "12 Jalan Gaya, 88000 Kota Kinabalu",
      box_selection: "Ultra Box",
      dish_selection: "Yes",
      contact: "Yes",
    });
    expect(validate(marketingContactSchema, fields).success).toBe(true);
  });

  it("leaves out an empty email; the alternate number is required, mobile or fixed line", () => {
    const parsed = validate(contactUsFormSchema, { ...form, email: "", altNumber: "03-1234 5678" });
    const fields = toMarketingFields(parsed.output!, "k");
    expect(fields).not.toHaveProperty("email");
    expect(fields.second_contact_number).toBe("+60312345678");
    expect(validate(marketingContactSchema, fields).success).toBe(true);
    expect(validate(contactUsFormSchema, { ...form, altNumber: "" }).errors).toEqual([
      { field: "altNumber", code: "validation.required" },
    ]);
    const { second_contact_number: _omitted, ...withoutAlternate } = fields;
    expect(validate(marketingContactSchema, withoutAlternate).errors).toEqual([
      { field: "second_contact_number", code: "validation.required" },
    ]);
  });

  it.each([
    [{ fullname: "Zoë" }, "fullname", "validation.name.invalid"],
    [{ mobileNumber: "12345" }, "mobileNumber", "validation.mobile.invalid"],
    [{ email: "a@@b.com" }, "email", "validation.email.invalid"],
    [{ altNumber: "999" }, "altNumber", "validation.contactNumber.invalid"],
    [{ address: "" }, "address", "validation.required"],
    [{ boxSelection: undefined }, "boxSelection", "validation.required"],
  ])("rejects %j", (patch, field, code) => {
    expect(validate(contactUsFormSchema, { ...form, ...patch }).errors).toContainEqual({
      field,
      code,
    });
  });

  it("insists on contact Yes on the wire", () => {
    const fields = {
      ...toMarketingFields(validate(contactUsFormSchema, form).output!, "k"),
      contact: "No",
    };
    expect(validate(marketingContactSchema, fields).errors).toEqual([
      { field: "contact", code: "validation.contact.invalid" },
    ]);
  });
});

describe("lead bodies", () => {
  it("validates lead contact details with canonical numbers", () => {
    const result = validate(leadContactSchema, {
      name: "Ali",
      phoneNumber: "0123456789",
      alternatePhoneNumber: "",
      email: "ali@example.com",
    });
    expect(result.output).toEqual({
      name: "Ali",
      phoneNumber: "+60123456789",
      alternatePhoneNumber: undefined,
      email: "ali@example.com",
    });
  });

  it("names each bad lead field", () => {
    const result = validate(leadContactSchema, {
      name: "Ali",
      phoneNumber: "0312345678",
      alternatePhoneNumber: "1",
      email: "nope",
    });
    expect(result.errors).toEqual([
      { field: "phoneNumber", code: "validation.mobile.invalid" },
      { field: "alternatePhoneNumber", code: "validation.contactNumber.invalid" },
      { field: "email", code: "validation.email.invalid" },
    ]);
  });

  it("validates register-interest", () => {
    const body = {
      name: "Ali",
      phoneNumber: "0123456789",
      email: "a@b.co",
      postalCode: "50450",
      product: "fibre",
      language: "bm",
    };
    expect(validate(registerInterestSchema, body).success).toBe(true);
    expect(validate(registerInterestSchema, { ...body, product: "phone" }).errors).toEqual([
      { field: "product", code: "validation.product.invalid" },
    ]);
    // Issue 24: the journey's register address, the plan wanted and the consent to an SMS.
    const notify = { addressId: "SGR-45000-000001", packageId: "fibre-300", contactConsent: true };
    expect(validate(registerInterestSchema, { ...body, ...notify }).success).toBe(true);
    expect(
      validate(registerInterestSchema, {
        ...body,
        addressId: "SGR 45000",
        packageId: "",
        contactConsent: "yes",
      }).errors,
    ).toEqual([
      { field: "addressId", code: "validation.invalid" },
      { field: "packageId", code: "validation.required" },
      { field: "contactConsent", code: "validation.boolean" },
    ]);
  });

  it("validates the lead create and update bodies", () => {
    expect(validate(leadCreateBodySchema, { product: "fibre", language: "en" }).success).toBe(true);
    expect(validate(leadCreateBodySchema, { product: "fibre" }).errors).toEqual([
      { field: "language", code: "validation.required" },
    ]);
    expect(
      validate(leadCreateBodySchema, { product: "tv", language: "bm", referralCode: "abc" }).errors,
    ).toEqual([{ field: "referralCode", code: "validation.referralCode.invalid" }]);
    expect(
      validate(leadUpdateBodySchema, {
        phoneNumber: "012-3456789",
        identityCard: "900101-14-1234",
        address: { addressId: "KL-50450-000123", unitNumber: "A-10-3" },
      }).output,
    ).toEqual({
      phoneNumber: "+60123456789",
      identityCard: "900101141234",
      address: { addressId: "KL-50450-000123", unitNumber: "A-10-3" },
    });
    expect(validate(leadUpdateBodySchema, {}).errors).toEqual([
      { field: "", code: "validation.required" },
    ]);
    expect(validate(leadUpdateBodySchema, { address: { addressId: "a b" } }).errors).toEqual([
      { field: "address.addressId", code: "validation.invalid" },
    ]);
  });

  it("validates OTP, consent and B40 bodies", () => {
    expect(validate(generateOtpBodySchema, { phoneNumber: "0123456789", mock: true }).success).toBe(
      true,
    );
    expect(
      validate(generateOtpBodySchema, { phoneNumber: "0123456789", mock: "yes" }).errors,
    ).toEqual([{ field: "mock", code: "validation.boolean" }]);
    expect(
      validate(verifyOtpBodySchema, {
        phoneNumber: "0123456789",
        otp: "12345",
        code: "R1",
        mock: true,
      }).errors,
    ).toEqual([{ field: "otp", code: "validation.otp.format" }]);
    const en = CONSENT_TEXT_HASHES.en;
    const bm = CONSENT_TEXT_HASHES.bm;
    expect(validate(consentBodySchema, { language: "en", consentTextHash: en }).success).toBe(true);
    expect(validate(consentBodySchema, { language: "bm", consentTextHash: bm }).success).toBe(true);
    expect(validate(consentBodySchema, { language: "fr", consentTextHash: en }).errors).toEqual([
      { field: "language", code: "validation.language.invalid" },
    ]);
    expect(validate(consentBodySchema, { language: "en" }).errors).toEqual([
      { field: "consentTextHash", code: "validation.required" },
    ]);
    expect(
      validate(consentBodySchema, { language: "en", consentTextHash: "f".repeat(64) }).errors,
    ).toEqual([{ field: "consentTextHash", code: "validation.invalid" }]);
    // The other language's text is not the one shown.
    expect(validate(consentBodySchema, { language: "en", consentTextHash: bm }).errors).toEqual([
      { field: "consentTextHash", code: "validation.invalid" },
    ]);
    expect(validate(consentBodySchema, { language: "en", consentTextHash: "abc" }).errors).toEqual([
      { field: "consentTextHash", code: "validation.invalid" },
    ]);
    expect(validate(b40VerifyBodySchema, { identityCard: "900101-14-1234" }).output).toEqual({
      identityCard: "900101141234",
    });
  });
});

describe("toFieldErrors", () => {
  it("keeps the first issue per field and falls back for foreign messages", () => {
    const result = v.safeParse(
      v.object({
        a: v.pipe(v.string(), v.minLength(3, "not ours")),
        b: v.string("validation.type"),
      }),
      { a: "x", b: 1 },
    );
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.issues!)).toEqual([
      { field: "a", code: "validation.invalid" },
      { field: "b", code: "validation.type" },
    ]);
  });

  it("uses the root field for path-less issues", () => {
    expect(validate(v.string("validation.type"), 1, "file").errors).toEqual([
      { field: "file", code: "validation.type" },
    ]);
  });
});
