import * as v from "valibot";
import { M } from "./codes.js";
import { contactNumberSchema } from "./contact-number.js";
import { inputHints } from "./form/fields.js";
import { mobileNumberSchema } from "./mobile.js";
import { emailSchema, optionalOrEmpty, personNameSchema, requiredString } from "./text.js";

/** Longest accepted address text. */
export const ADDRESS_MAX_LENGTH = 500;
/** Longest accepted box or dish selection value. */
export const SELECTION_MAX_LENGTH = 100;

/**
 * The contact-us form as the UI holds it; phone numbers come out canonical (E.164). SPEC section 3
 * marks only the email optional: `altNumber` is required and may be a mobile or a fixed-line number.
 */
export const contactUsFormSchema = v.object(
  {
    fullname: personNameSchema,
    mobileNumber: mobileNumberSchema,
    email: optionalOrEmpty(emailSchema, M.email),
    altNumber: contactNumberSchema,
    address: v.pipe(
      requiredString(ADDRESS_MAX_LENGTH),
      inputHints({ autoComplete: "street-address" }),
    ),
    boxSelection: requiredString(SELECTION_MAX_LENGTH),
    dishSelection: requiredString(SELECTION_MAX_LENGTH),
  },
  M.type,
);

/** The contact-us form input. */
export type ContactUsForm = v.InferInput<typeof contactUsFormSchema>;
/** The validated contact-us form. */
export type ContactUsFormOutput = v.InferOutput<typeof contactUsFormSchema>;

/** The marketing backend's multipart fields, as the marketing service validates them. */
export const marketingContactSchema = v.object(
  {
    formKey: requiredString(100),
    name: personNameSchema,
    first_contact_number: mobileNumberSchema,
    email: optionalOrEmpty(emailSchema, M.email),
    second_contact_number: contactNumberSchema,
    address: requiredString(ADDRESS_MAX_LENGTH),
    box_selection: requiredString(SELECTION_MAX_LENGTH),
    dish_selection: requiredString(SELECTION_MAX_LENGTH),
    contact: v.literal("Yes", M.contact),
  },
  M.type,
);

/** The marketing backend's fields. */
export type MarketingContactFields = v.InferOutput<typeof marketingContactSchema>;

/**
 * Maps a validated contact-us form to the marketing fields: name <- fullname, first_contact_number
 * <- mobileNumber, optional email, second_contact_number <- altNumber, address, box_selection,
 * dish_selection, and contact fixed to 'Yes'. An absent email is left out.
 */
export function toMarketingFields(
  form: ContactUsFormOutput,
  formKey: string,
): MarketingContactFields {
  return {
    formKey,
    name: form.fullname,
    first_contact_number: form.mobileNumber,
    ...(form.email ? { email: form.email } : {}),
    second_contact_number: form.altNumber,
    address: form.address,
    box_selection: form.boxSelection,
    dish_selection: form.dishSelection,
    contact: "Yes",
  };
}
