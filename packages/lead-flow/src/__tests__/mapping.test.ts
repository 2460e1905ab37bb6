import { describe, expect, it } from "vitest";
import {
  ASTRO_FIBRE_INVALID_TOKEN,
  isMockEnvironment,
  mapEntitledError,
  mapLeadUpdateErrors,
  otpResendSeconds,
} from "../index.js";
import { httpFailure } from "./fakes.js";

describe("mapEntitledError", () => {
  it.each([
    ["no error at all", undefined, ASTRO_FIBRE_INVALID_TOKEN],
    ["a text body", "Internal Server Error", ASTRO_FIBRE_INVALID_TOKEN],
    ["no errors array", { statusCode: 500 }, ASTRO_FIBRE_INVALID_TOKEN],
    ["an empty errors array", { errors: [] }, ASTRO_FIBRE_INVALID_TOKEN],
    ["a first error without code", { errors: [{ message: "x" }] }, ASTRO_FIBRE_INVALID_TOKEN],
    ["an empty first code", { errors: [{ errorCode: "" }] }, ASTRO_FIBRE_INVALID_TOKEN],
    [
      "AWS_DYNAMODB_GET_FAILED",
      { errors: [{ errorCode: "AWS_DYNAMODB_GET_FAILED" }] },
      ASTRO_FIBRE_INVALID_TOKEN,
    ],
    ["SMC_MANDATORY", { errors: [{ errorCode: "SMC_MANDATORY" }] }, ASTRO_FIBRE_INVALID_TOKEN],
    [
      "another code",
      { errors: [{ errorCode: "ASTRO_FIBRE_NOT_ENTITLED" }] },
      "ASTRO_FIBRE_NOT_ENTITLED",
    ],
    [
      "only the first error counts",
      { errors: [{ errorCode: "ASTRO_FIBRE_ALREADY_CLAIMED" }, { errorCode: "SMC_MANDATORY" }] },
      "ASTRO_FIBRE_ALREADY_CLAIMED",
    ],
    [
      "a missing first code wins over a second",
      { errors: [{ message: "x" }, { errorCode: "ASTRO_FIBRE_NOT_ENTITLED" }] },
      ASTRO_FIBRE_INVALID_TOKEN,
    ],
  ])("%s", (_name, body, expected) => {
    expect(mapEntitledError(body === undefined ? undefined : httpFailure(400, body))).toBe(
      expected,
    );
    if (body !== undefined && typeof body === "object")
      expect(mapEntitledError(body)).toBe(expected);
  });
});

describe("mapLeadUpdateErrors", () => {
  const body = (...keys: string[]) => ({
    statusCode: 400,
    error: "Bad Request",
    message: "Lead update failed",
    errors: keys.map((key) => ({ message: key, context: { key } })),
  });

  it.each([
    [["phoneNumber"], { isPhoneNumberInValid: true }],
    [["alternatePhoneNumber"], { isAlternateNumberInValid: true }],
    [["email"], { isEmailInValid: true }],
    [["address"], { isErrorNotInCoverage: true }],
    [["somethingElse"], { isErrorNotInCoverage: true }],
    [["phoneNumber", "email"], { isPhoneNumberInValid: true, isEmailInValid: true }],
  ])("%j", (keys, set) => {
    expect(mapLeadUpdateErrors(httpFailure(400, body(...keys)))).toEqual({
      isPhoneNumberInValid: false,
      isAlternateNumberInValid: false,
      isEmailInValid: false,
      isErrorNotInCoverage: false,
      ...set,
    });
  });

  it("reads the field of a validation body", () => {
    expect(
      mapLeadUpdateErrors(
        httpFailure(400, { statusCode: 400, field: "email", code: "validation.email.invalid" }),
      )?.isEmailInValid,
    ).toBe(true);
  });

  it("counts an error without a context key as not in coverage", () => {
    expect(
      mapLeadUpdateErrors({ error: { errors: [{ message: "x" }] } })?.isErrorNotInCoverage,
    ).toBe(true);
  });

  it("answers undefined for other failures", () => {
    expect(mapLeadUpdateErrors(httpFailure(500, "Internal Server Error"))).toBeUndefined();
    expect(mapLeadUpdateErrors(undefined)).toBeUndefined();
    expect(
      mapLeadUpdateErrors(httpFailure(401, { statusCode: 401, message: "x" })),
    ).toBeUndefined();
  });
});

describe("isMockEnvironment", () => {
  it.each([
    ["production", false],
    ["development", true],
    ["test", true],
    ["staging", true],
    ["Production", true],
    [undefined, true],
  ])("%s -> %s", (env, mock) => expect(isMockEnvironment(env)).toBe(mock));
});

describe("otpResendSeconds", () => {
  const t0 = 1_000_000;
  it.each([
    [undefined, t0, 0],
    [t0, t0, 180],
    [t0, t0 + 1, 180],
    [t0, t0 + 999, 180],
    [t0, t0 + 1000, 179],
    [t0, t0 + 179_000, 1],
    [t0, t0 + 179_999, 1],
    [t0, t0 + 180_000, 0],
    [t0, t0 + 500_000, 0],
    [t0, t0 - 60_000, 180],
  ])("sent %s, now %s -> %s", (sentAt, now, seconds) => {
    expect(otpResendSeconds(sentAt, now)).toBe(seconds);
  });
});
