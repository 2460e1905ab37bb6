import * as v from "valibot";
import { M } from "./codes.js";
import { languageSchema, productSchema } from "./enums.js";
import { RESIDENCE_TYPES } from "./lead-search.js";
import { contactNumberSchema } from "./contact-number.js";
import { mobileNumberSchema } from "./mobile.js";
import { inputHints } from "./form/fields.js";
import { myKadSchema } from "./mykad.js";
import { otpSchema } from "./otp.js";
import { consentTextHashSchema, isConsentTextHash } from "./consent.js";
import { referralCodeSchema } from "./referral.js";
import {
  emailSchema,
  optionalOrEmpty,
  optionalString,
  personNameSchema,
  postcodeSchema,
  requiredString,
} from "./text.js";

// The alternate number may be a mobile or a fixed-line number.
const optionalContactNumber = optionalOrEmpty(contactNumberSchema, M.contactNumber);

// Register identifiers: letters, digits, _ and -.
const IDENTIFIER = /^[A-Za-z0-9_-]+$/;

/** An identifier of the address register or the content service (packages, add-ons). */
export const identifierSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.maxLength(64, M.tooLong),
  v.regex(IDENTIFIER, M.invalid),
);

/** Lead contact details: the keys match the lead-update error context keys. */
export const leadContactSchema = v.object(
  {
    name: personNameSchema,
    phoneNumber: mobileNumberSchema,
    alternatePhoneNumber: optionalContactNumber,
    email: emailSchema,
  },
  M.type,
);

/** Lead contact details input. */
export type LeadContact = v.InferInput<typeof leadContactSchema>;

/** Body of POST /api/v1/greenfield/generate-sbb-lead (product, language, optional origin tags). */
export const leadCreateBodySchema = v.object(
  {
    product: productSchema,
    language: languageSchema,
    packageId: v.optional(identifierSchema),
    referralCode: v.optional(referralCodeSchema),
    utmSource: optionalString(100),
    utmMedium: optionalString(100),
    utmCampaign: optionalString(100),
  },
  M.type,
);

/** Body of generate-sbb-lead, input side. */
export type LeadCreateBody = v.InferInput<typeof leadCreateBodySchema>;

/** The chosen address of a lead update: the register's addressId plus unit details. */
export const leadAddressInputSchema = v.object(
  {
    addressId: identifierSchema,
    unitNumber: optionalString(20),
    remarks: optionalString(300),
  },
  M.type,
);

/** Body of PATCH /api/v1/greenfield/update-sbb-lead: any contact field, MyKad, address; one at least. */
export const leadUpdateBodySchema = v.pipe(
  v.object(
    {
      name: v.optional(personNameSchema),
      phoneNumber: v.optional(mobileNumberSchema),
      alternatePhoneNumber: v.optional(contactNumberSchema),
      email: v.optional(emailSchema),
      identityCard: v.optional(myKadSchema),
      address: v.optional(leadAddressInputSchema),
    },
    M.type,
  ),
  v.check((body) => Object.values(body).some((value) => value !== undefined), M.required),
);

/**
 * Body of PATCH /api/v1/greenfield/update-sbb-order: the plan, add-on packs (at most 10, no
 * repeats), the preferred installation date and slot, and a referral code.
 */
export const orderUpdateBodySchema = v.object(
  {
    packageId: identifierSchema,
    addOnIds: v.optional(
      v.pipe(
        v.array(identifierSchema, M.type),
        v.maxLength(10, M.tooLong),
        v.check((ids) => new Set(ids).size === ids.length, M.invalid),
      ),
    ),
    installationDate: v.optional(v.pipe(v.string(M.type), v.isoDate(M.invalid))),
    installationSlot: v.optional(v.picklist(["morning", "afternoon"], M.invalid)),
    referralCode: v.optional(referralCodeSchema),
  },
  M.type,
);

/** Body of update-sbb-order, input side. */
export type OrderUpdateBody = v.InferInput<typeof orderUpdateBodySchema>;

/** Body of update-sbb-lead, input side. */
export type LeadUpdateBody = v.InferInput<typeof leadUpdateBodySchema>;

/** Body of POST /api/v3/register-interest (no token needed). */
export const registerInterestSchema = v.object(
  {
    name: personNameSchema,
    phoneNumber: mobileNumberSchema,
    email: optionalOrEmpty(emailSchema, M.email),
    product: productSchema,
    postalCode: postcodeSchema,
    residenceType: v.optional(v.picklist([1, 2], M.residenceType)),
    address: optionalString(300),
    language: languageSchema,
    remarks: optionalString(500),
    // Issue 24, "Notify me when it arrives": the register address chosen in the journey (one
    // coverage did not reach), the plan wanted and the consent to an SMS when coverage arrives.
    addressId: v.optional(identifierSchema),
    packageId: v.optional(identifierSchema),
    contactConsent: v.optional(v.boolean(M.boolean)),
  },
  M.type,
);

/** Register-interest body input. */
export type RegisterInterest = v.InferInput<typeof registerInterestSchema>;

const interest = registerInterestSchema.entries;

/**
 * The register-interest form as typed (one string per field): the body's rules, the type of home
 * as the UI names it or "" (not said); the product and the language are the page's.
 */
export const registerInterestFormSchema = v.object(
  {
    name: interest.name,
    phoneNumber: interest.phoneNumber,
    email: interest.email,
    postalCode: interest.postalCode,
    residenceType: v.picklist(["", ...RESIDENCE_TYPES], M.residenceType),
    address: v.pipe(interest.address, inputHints({ autoComplete: "street-address" })),
    remarks: interest.remarks,
    /** "yes" when the visitor ticked "send me an SMS when it arrives", "" otherwise. */
    contactConsent: v.picklist(["", "yes"], M.type),
  },
  M.type,
);

const mockFlag = v.boolean(M.boolean);

/** Body of POST /api/v3/generate-otp. */
export const generateOtpBodySchema = v.object(
  { phoneNumber: mobileNumberSchema, mock: mockFlag },
  M.type,
);

/** Body of POST /api/v3/verify-otp; code is the reference returned by generate-otp. */
export const verifyOtpBodySchema = v.object(
  { phoneNumber: mobileNumberSchema, otp: otpSchema, code: requiredString(64), mock: mockFlag },
  M.type,
);

/** Body of POST /api/v3/consent: the current interface language. */
export const consentBodySchema = v.pipe(
  v.object({ language: languageSchema, consentTextHash: consentTextHashSchema }, M.type),
  // The hash of a text the services do not know, or of the other language's text, names the field.
  v.forward(
    v.check((body) => isConsentTextHash(body.language, body.consentTextHash), M.invalid),
    ["consentTextHash"],
  ),
);

/** Body of POST /api/v1/b40/verify. */
export const b40VerifyBodySchema = v.object({ identityCard: myKadSchema }, M.type);
