import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  emailSchema,
  fieldConstraints,
  inputHints,
  leadSearchFormSchema,
  myKadSchema,
  otpFormSchema,
  otpSchema,
  postcodeSchema,
  referralCodeSchema,
  referralStatusBodySchema,
  registerInterestFormSchema,
  searchQuerySchema,
  supportSearchFormSchema,
  validate,
} from "../index.js";

describe("fieldConstraints", () => {
  it.each([
    [myKadSchema, { required: true, maxLength: 14, inputMode: "numeric", autoComplete: "off" }],
    [
      otpSchema,
      { required: true, maxLength: 6, inputMode: "numeric", autoComplete: "one-time-code" },
    ],
    [
      postcodeSchema,
      { required: true, maxLength: 5, inputMode: "numeric", autoComplete: "postal-code" },
    ],
    [referralCodeSchema, { required: true, maxLength: 20, autoComplete: "off" }],
    [
      searchQuerySchema,
      { required: false, maxLength: 100, inputMode: "search", autoComplete: "off" },
    ],
    [emailSchema, { required: true, maxLength: 254, inputMode: "email", autoComplete: "email" }],
  ] as const)("%#: reads the schema's pipe", (schema, expected) => {
    expect(fieldConstraints(schema)).toEqual(expected);
  });

  it("looks through optional wrappers, unions and nested pipes", () => {
    expect(fieldConstraints(leadSearchFormSchema.entries.streetName)).toEqual({
      required: false,
      maxLength: 100,
      autoComplete: "off",
    });
    expect(fieldConstraints(leadSearchFormSchema.entries.city)).toEqual({
      required: false,
      maxLength: 60,
      autoComplete: "address-level2",
    });
    expect(fieldConstraints(registerInterestFormSchema.entries.address)).toEqual({
      required: false,
      maxLength: 300,
      autoComplete: "street-address",
    });
    const piped = v.pipe(v.optional(emailSchema), inputHints({ autoComplete: "work email" }));
    // v.optional lets undefined through, not "": an input left empty is refused, so required.
    expect(fieldConstraints(piped)).toEqual({
      required: true,
      maxLength: 254,
      inputMode: "email",
      autoComplete: "work email",
    });
    const union = v.union([v.pipe(v.string(), v.maxLength(3)), v.pipe(v.string(), v.maxLength(9))]);
    expect(fieldConstraints(union)).toEqual({ required: false, maxLength: 9 });
    expect(fieldConstraints(v.string())).toEqual({ required: false });
  });
});

describe("form schemas", () => {
  it("normalises a search text and allows none", () => {
    expect(validate(supportSearchFormSchema, { q: "  router \t wifi " }).output).toEqual({
      q: "router wifi",
    });
    expect(validate(supportSearchFormSchema, { q: "" }).output).toEqual({ q: "" });
    expect(validate(supportSearchFormSchema, { q: "x".repeat(101) }).errors).toEqual([
      { field: "q", code: "validation.tooLong" },
    ]);
  });

  it("checks the referral status body: a code and a mobile number as typed", () => {
    expect(
      validate(referralStatusBodySchema, {
        referralCode: " suria8k2q",
        phoneNumber: "(017) 111 2222",
      }).output,
    ).toEqual({ referralCode: "SURIA8K2Q", phoneNumber: "+60171112222" });
    expect(
      validate(referralStatusBodySchema, { referralCode: "x".repeat(21), phoneNumber: "1" }).errors,
    ).toEqual([
      { field: "referralCode", code: "validation.referralCode.invalid" },
      { field: "phoneNumber", code: "validation.mobile.invalid" },
    ]);
  });

  it("checks the OTP form: six digits typed, with the phone's one-time-code hints", () => {
    expect(validate(otpFormSchema, { otp: "123456" }).output).toEqual({ otp: "123456" });
    expect(validate(otpFormSchema, { otp: "12345" }).errors).toEqual([
      { field: "otp", code: "validation.otp.format" },
    ]);
    expect(fieldConstraints(otpFormSchema.entries.otp)).toMatchObject({
      inputMode: "numeric",
      autoComplete: "one-time-code",
    });
  });

  it("checks the register-interest form as typed: email and type of home may stay empty", () => {
    const typed = {
      name: "Lim Wei Ming",
      phoneNumber: "012-345 6789",
      email: "",
      postalCode: "45000",
      residenceType: "",
      address: "",
      remarks: "",
      contactConsent: "",
    };
    expect(validate(registerInterestFormSchema, typed).success).toBe(true);
    expect(validate(registerInterestFormSchema, { ...typed, contactConsent: "yes" }).success).toBe(
      true,
    );
    expect(validate(registerInterestFormSchema, { ...typed, contactConsent: "no" }).errors).toEqual(
      [{ field: "contactConsent", code: "validation.type" }],
    );
    expect(
      validate(registerInterestFormSchema, { ...typed, residenceType: "multiStorey" }).success,
    ).toBe(true);
    expect(
      validate(registerInterestFormSchema, { ...typed, name: "", residenceType: "villa" }).errors,
    ).toEqual([
      { field: "name", code: "validation.required" },
      { field: "residenceType", code: "validation.residenceType.invalid" },
    ]);
    expect(Object.keys(registerInterestFormSchema.entries)).toEqual(Object.keys(typed));
  });

  it("refuses a MyKad typed longer than 14 characters with the MyKad message", () => {
    expect(validate(myKadSchema, "900101-14-1234-").errors).toEqual([
      { field: "", code: "validation.mykad.format" },
    ]);
  });
});
