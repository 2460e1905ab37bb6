import { describe, expect, it } from "vitest";
import {
  contactNumberSchema,
  emailSchema,
  imageNameSchema,
  normaliseContactNumber,
  slugSchema,
  fileExtension,
  isMyKadDate,
  isUploadType,
  myKadSchema,
  mobileNumberSchema,
  normaliseMobileNumber,
  normaliseMyKad,
  normaliseReferralCode,
  orderUpdateBodySchema,
  otpSchema,
  personNameSchema,
  referralCodeSchema,
  postcodeSchema,
  signedUrlBodySchema,
  uploadFileSchema,
  validate,
  type MessageKey,
} from "../index.js";
import type { GenericSchema } from "valibot";

type Row = [input: unknown, expected: true | MessageKey];

function table(name: string, schema: GenericSchema, rows: Row[]) {
  describe(name, () => {
    it.each(rows)("%j -> %s", (input, expected) => {
      const result = validate(schema, input);
      if (expected === true) expect(result.errors).toBeUndefined();
      else expect(result.errors?.[0]?.code).toBe(expected);
    });
  });
}

table("email", emailSchema, [
  ["ali@example.com", true],
  ["ali+portal@example.com", true],
  ["a.b-c_d@mail.example.com.my", true],
  ["A1@x.co", true],
  ["", "validation.required"],
  [undefined, "validation.required"],
  [42, "validation.type"],
  ["ali@@example.com", "validation.email.invalid"],
  ["ali@ex@ample.com", "validation.email.invalid"],
  ["ali@example", "validation.email.invalid"],
  ["ali@example.", "validation.email.invalid"],
  ["@example.com", "validation.email.invalid"],
  ["ali example@x.com", "validation.email.invalid"],
  ["ali!@x.com", "validation.email.invalid"],
  ["ali@exa_mple.com", "validation.email.invalid"],
  ["élise@example.com", "validation.email.invalid"],
  [" ali@example.com", "validation.email.invalid"],
  [`${"a".repeat(250)}@x.com`, "validation.tooLong"],
]);

table("person name", personNameSchema, [
  ["Ali", true],
  ["Siti Nur Aisyah", true],
  ["Ali ", true],
  ["ALI bin ABU", true],
  ["", "validation.required"],
  [null, "validation.type"],
  [" Ali", "validation.name.invalid"],
  ["1Ali", "validation.name.invalid"],
  ["Ali2", "validation.name.invalid"],
  ["O'Neil", "validation.name.invalid"],
  ["Ali-Baba", "validation.name.invalid"],
  ["Zoë", "validation.name.invalid"],
  ["José", "validation.name.invalid"],
  ["陈伟", "validation.name.invalid"],
  ["A".repeat(101), "validation.tooLong"],
]);

table("postcode", postcodeSchema, [
  ["50450", true],
  ["01000", true],
  ["", "validation.required"],
  [50450, "validation.type"],
  ["5045", "validation.postcode.digits"],
  ["504501", "validation.postcode.tooLong"],
  ["5045a", "validation.postcode.digits"],
  [" 5045", "validation.postcode.digits"],
  ["５０４５０", "validation.postcode.digits"],
]);

table("otp", otpSchema, [
  ["123456", true],
  ["000000", true],
  ["", "validation.required"],
  ["12345", "validation.otp.format"],
  ["1234567", "validation.otp.format"],
  ["12 456", "validation.otp.format"],
  ["abcdef", "validation.otp.format"],
  [123456, "validation.type"],
]);

table("referral code", referralCodeSchema, [
  ["SURIA8K2Q", true],
  ["suria 8k2q", true],
  ["ABCDEF", true],
  ["ABCDEFGHIJKL", true],
  ["", "validation.required"],
  ["AB", "validation.referralCode.invalid"],
  ["ABCDE", "validation.referralCode.invalid"],
  ["ABCDEFGHIJKLM", "validation.referralCode.invalid"],
  ["SURIA-8K2Q", "validation.referralCode.invalid"],
  ["12a4!", "validation.referralCode.invalid"],
  [123456, "validation.type"],
]);

describe("normaliseReferralCode", () => {
  it("drops spaces and capitalises, and the schema answers the normalised code", () => {
    expect(normaliseReferralCode(" suria 8k2q ")).toBe("SURIA8K2Q");
    expect(validate(referralCodeSchema, "suria8k2q")).toEqual({
      success: true,
      output: "SURIA8K2Q",
    });
  });
});

table("order update body", orderUpdateBodySchema, [
  [{ packageId: "fibre-100" }, true],
  [
    {
      packageId: "tv-keluarga",
      addOnIds: ["sports-pack"],
      installationDate: "2026-12-01",
      installationSlot: "morning",
      referralCode: "TVLIM2026",
    },
    true,
  ],
  [{}, "validation.required"],
  [{ packageId: "fibre 100" }, "validation.invalid"],
  [{ packageId: "fibre-100", addOnIds: ["a", "a"] }, "validation.invalid"],
  [{ packageId: "fibre-100", installationDate: "2026-13-01" }, "validation.invalid"],
  [{ packageId: "fibre-100", installationSlot: "night" }, "validation.invalid"],
  [{ packageId: "fibre-100", referralCode: "AB" }, "validation.referralCode.invalid"],
]);

table("mobile number", mobileNumberSchema, [
  ["0123456789", true],
  ["012-3456789", true],
  ["012-345 6789", true],
  ["01123456789", true],
  ["011-2345 6789", true],
  ["+60123456789", true],
  ["+60 12-345 6789", true],
  ["60123456789", true],
  ["+601123456789", true],
  ["", "validation.required"],
  ["012345678", "validation.mobile.invalid"],
  ["012345678901", "validation.mobile.invalid"],
  ["0312345678", "validation.mobile.invalid"],
  ["+6503123456", "validation.mobile.invalid"],
  ["123456789", "validation.mobile.invalid"],
  ["012-abc6789", "validation.mobile.invalid"],
  ["+60+0123456789", "validation.mobile.invalid"],
  ["(012) 345 6789", true],
  ["012.345.6789", true],
  ["+60 (12) 345-6789", true],
  ["6012-3456789", true],
  ["(012) 345 6789 ext 1", "validation.mobile.invalid"],
  ["(012) 345 6789 0000000", "validation.mobile.invalid"],
]);

table("contact number (mobile or fixed line)", contactNumberSchema, [
  ["0123456789", true],
  ["011-2345 6789", true],
  ["+60123456789", true],
  ["03-1234 5678", true],
  ["0312345678", true],
  ["+60312345678", true],
  ["603-12345678", true],
  ["04-2612345", true],
  ["07 223 4567", true],
  ["09-7481234", true],
  ["088-234567", true],
  ["082 412345", true],
  ["", "validation.required"],
  [3123456789, "validation.type"],
  ["031234567", "validation.contactNumber.invalid"],
  ["031234567890", "validation.contactNumber.invalid"],
  ["042612345678", "validation.contactNumber.invalid"],
  ["081234567", "validation.contactNumber.invalid"],
  ["0212345678", "validation.contactNumber.invalid"],
  ["1300881234", "validation.contactNumber.invalid"],
  ["+6563123456", "validation.contactNumber.invalid"],
  ["03-abcd 5678", "validation.contactNumber.invalid"],
  ["0".repeat(21), "validation.contactNumber.invalid"],
]);

describe("normaliseContactNumber", () => {
  it.each([
    ["03-1234 5678", "+60312345678"],
    ["088-234567", "+6088234567"],
    ["012-3456789", "+60123456789"],
    ["(03) 1234 5678", "+60312345678"],
    ["03.1234.5678", "+60312345678"],
    ["(088) 234 567", "+6088234567"],
    ["+60 (3) 1234-5678", "+60312345678"],
    ["603 1234 5678", "+60312345678"],
    ["(012) 345 6789", "+60123456789"],
    ["012.345.6789", "+60123456789"],
    ["999", undefined],
    ["(03) 1234 567", undefined],
  ])("%s -> %s", (raw, expected) => {
    expect(normaliseContactNumber(raw)).toBe(expected);
  });
});

table("slug", slugSchema, [
  ["suria-sports-1", true],
  ["a", true],
  ["9tv", true],
  ["a".repeat(64), true],
  ["", "validation.required"],
  ["a".repeat(65), "validation.tooLong"],
  ["-lead", "validation.slug.invalid"],
  ["Suria", "validation.slug.invalid"],
  ["a_b", "validation.slug.invalid"],
  ["a b", "validation.slug.invalid"],
  ["a/b", "validation.slug.invalid"],
  ["a.b", "validation.slug.invalid"],
]);

table("image name", imageNameSchema, [
  ["suria-logo.svg", true],
  ["ch-101.png", true],
  [`${"a".repeat(151)}.svg`, true],
  [`${"a".repeat(152)}.svg`, "validation.slug.invalid"],
  ["logo.gif", "validation.slug.invalid"],
  ["Logo.svg", "validation.slug.invalid"],
  [".svg", "validation.slug.invalid"],
  ["..%2fsecret.svg", "validation.slug.invalid"],
  ["a/b.svg", "validation.slug.invalid"],
  ["a.svg.png", "validation.slug.invalid"],
  ["logo.SVG", "validation.slug.invalid"],
  ["", "validation.required"],
]);

describe("normaliseMobileNumber", () => {
  it.each([
    ["012-3456789", "+60123456789"],
    ["+60 12 345 6789", "+60123456789"],
    ["60123456789", "+60123456789"],
    ["011-23456789", "+601123456789"],
    // The ways people type a number: parentheses, dots, spaces, dashes, mixed.
    ["(012) 345 6789", "+60123456789"],
    ["(012)3456789", "+60123456789"],
    ["012.345.6789", "+60123456789"],
    ["012 - 345 6789", "+60123456789"],
    ["012–345 6789", "+60123456789"],
    ["+6012-345 6789", "+60123456789"],
    ["+60 12.345.6789", "+60123456789"],
    ["+60 (12) 345 6789", "+60123456789"],
    ["+60 (0)12-345 6789", "+60123456789"],
    ["6012 345 6789", "+60123456789"],
    ["(011) 2345 6789", "+601123456789"],
    ["  012 345 6789  ", "+60123456789"],
    ["03-12345678", undefined],
    ["(03) 1234 5678", undefined],
    ["012/345 6789", undefined],
    ["012_345_6789", undefined],
    ["+60+0123456789", undefined],
    ["+65 1234 5678", undefined],
  ])("%s -> %s", (raw, canonical) => {
    expect(normaliseMobileNumber(raw)).toBe(canonical);
  });

  it("is the schema's output", () => {
    expect(validate(mobileNumberSchema, "012-345 6789")).toEqual({
      success: true,
      output: "+60123456789",
    });
    expect(validate(mobileNumberSchema, "(012) 345 6789")).toEqual({
      success: true,
      output: "+60123456789",
    });
    expect(validate(contactNumberSchema, "(03) 1234 5678")).toEqual({
      success: true,
      output: "+60312345678",
    });
  });
});

table("mykad", myKadSchema, [
  ["900101141234", true],
  ["900101-14-1234", true],
  ["000229-10-1234", true],
  ["991231-99-9999", true],
  ["850615-71-5023", true],
  ["", "validation.required"],
  ["90010114123", "validation.mykad.format"],
  ["9001011412345", "validation.mykad.format"],
  ["900101-141234", "validation.mykad.format"],
  ["900101 14 1234", "validation.mykad.format"],
  ["90010a141234", "validation.mykad.format"],
  ["901301141234", "validation.mykad.date"],
  ["900001141234", "validation.mykad.date"],
  ["900100141234", "validation.mykad.date"],
  ["900431141234", "validation.mykad.date"],
  ["010229141234", "validation.mykad.date"],
  ["900101001234", "validation.mykad.placeOfBirth"],
  ["900101171234", "validation.mykad.placeOfBirth"],
  ["900101201234", "validation.mykad.placeOfBirth"],
  ["900101691234", "validation.mykad.placeOfBirth"],
  ["900101731234", "validation.mykad.placeOfBirth"],
  ["900101801234", "validation.mykad.placeOfBirth"],
  ["900101951234", "validation.mykad.placeOfBirth"],
]);

describe("mykad helpers", () => {
  it("strips dashes", () => {
    expect(normaliseMyKad("900101-14-1234")).toBe("900101141234");
    expect(validate(myKadSchema, "900101-14-1234").output).toBe("900101141234");
  });
  it("checks dates including leap years", () => {
    expect(isMyKadDate("040229")).toBe(true);
    expect(isMyKadDate("030229")).toBe(false);
    expect(isMyKadDate("900631")).toBe(false);
    expect(isMyKadDate("900731")).toBe(true);
  });
});

const file = (name: string, type: string, size: number) => ({ name, type, size });

table("upload file", uploadFileSchema, [
  [file("ic.pdf", "application/pdf", 1024), true],
  [file("ic.PDF", "application/pdf", 1024), true],
  [file("ic.png", "image/png", 1), true],
  [file("ic.bmp", "image/bmp", 10), true],
  [file("ic.jpg", "image/jpeg", 10), true],
  [file("ic.jpeg", "image/jpeg", 10), true],
  [file("max.jpg", "image/jpeg", 5_000_000), true],
  [file("empty.pdf", "application/pdf", 0), "validation.upload.empty"],
  [file("big.pdf", "application/pdf", 5_000_001), "validation.upload.tooLarge"],
  [file("ic.gif", "image/gif", 10), "validation.upload.type"],
  [file("ic.pdf", ".pdf", 10), "validation.upload.type"],
  [file("ic.pdf", "image/png", 10), "validation.upload.type"],
  [file("ic.png", "application/pdf", 10), "validation.upload.type"],
  [file("ic", "application/pdf", 10), "validation.upload.type"],
  [file("ic.exe", "application/pdf", 10), "validation.upload.type"],
  [file("ic.docx", "application/vnd.openxmlformats", 10), "validation.upload.type"],
  [undefined, "validation.required"],
  [{ name: "x.pdf" }, "validation.required"],
]);

describe("upload helpers", () => {
  it("accepts a real File and returns it unchanged", () => {
    const real = new File([new Uint8Array(3)], "scan.pdf", { type: "application/pdf" });
    expect(validate(uploadFileSchema, real).output).toBe(real);
  });
  it("reads extensions", () => {
    expect(fileExtension("a.b.JPEG")).toBe("jpeg");
    expect(fileExtension(".pdf")).toBe("");
    expect(fileExtension("pdf.")).toBe("");
    expect(fileExtension("noext")).toBe("");
  });
  it("matches pdf by application/pdf, parameters ignored", () => {
    expect(isUploadType("a.pdf", "application/pdf")).toBe(true);
    expect(isUploadType("a.pdf", "Application/PDF; charset=binary")).toBe(true);
  });
});

table("signed url body", signedUrlBodySchema, [
  [{ title: "MyKad front", type: "application/pdf" }, true],
  [{ title: "MyKad front", type: "image/jpeg" }, true],
  [{ title: "", type: "application/pdf" }, "validation.required"],
  [{ title: "x".repeat(101), type: "application/pdf" }, "validation.upload.title"],
  [{ title: "x", type: "text/html" }, "validation.upload.type"],
  [{ title: "x" }, "validation.required"],
]);
