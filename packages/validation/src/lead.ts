import * as v from "valibot";
import { M } from "./codes.js";
import { languageSchema, productSchema, stateSchema } from "./enums.js";
import { mobileNumberSchema } from "./mobile.js";
import { myKadSchema } from "./mykad.js";
import { otpSchema } from "./otp.js";
import {
  emailSchema,
  optionalOrEmpty,
  personNameSchema,
  postcodeSchema,
  requiredString,
} from "./text.js";

const optionalMobile = optionalOrEmpty(mobileNumberSchema, M.mobile);

/** Lead contact details (update-sbb-lead): the keys match the lead-update error context keys. */
export const leadContactSchema = v.object(
  {
    name: personNameSchema,
    phoneNumber: mobileNumberSchema,
    alternatePhoneNumber: optionalMobile,
    email: emailSchema,
  },
  M.type,
);

/** Lead contact details input. */
export type LeadContact = v.InferInput<typeof leadContactSchema>;

/** Body of POST /api/v3/register-interest (no token needed). */
export const registerInterestSchema = v.object(
  {
    name: personNameSchema,
    phoneNumber: mobileNumberSchema,
    email: emailSchema,
    postalCode: postcodeSchema,
    product: productSchema,
    state: v.optional(stateSchema),
  },
  M.type,
);

/** Register-interest body input. */
export type RegisterInterest = v.InferInput<typeof registerInterestSchema>;

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
export const consentBodySchema = v.object({ language: languageSchema }, M.type);

/** Body of POST /api/v1/b40/verify. */
export const b40VerifyBodySchema = v.object({ identityCard: myKadSchema }, M.type);
