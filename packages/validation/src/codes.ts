/** Every message key an issue of this package can carry, in catalog order. */
export const MESSAGE_KEYS = [
  "validation.required",
  "validation.type",
  "validation.invalid",
  "validation.tooLong",
  "validation.email.invalid",
  "validation.name.invalid",
  "validation.postcode.tooLong",
  "validation.postcode.digits",
  "validation.upload.type",
  "validation.upload.empty",
  "validation.upload.tooLarge",
  "validation.upload.title",
  "validation.mobile.invalid",
  "validation.contactNumber.invalid",
  "validation.mykad.format",
  "validation.mykad.date",
  "validation.mykad.placeOfBirth",
  "validation.otp.format",
  "validation.residenceType.invalid",
  "validation.state.invalid",
  "validation.language.invalid",
  "validation.product.invalid",
  "validation.contact.invalid",
  "validation.boolean",
  "validation.slug.invalid",
  "validation.referralCode.invalid",
] as const;

/** A stable message key carried by a validation issue (never English text). */
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** Message keys by rule, so schemas never spell a key by hand. */
export const M = {
  required: "validation.required",
  type: "validation.type",
  invalid: "validation.invalid",
  tooLong: "validation.tooLong",
  email: "validation.email.invalid",
  name: "validation.name.invalid",
  postcodeTooLong: "validation.postcode.tooLong",
  postcodeDigits: "validation.postcode.digits",
  uploadType: "validation.upload.type",
  uploadEmpty: "validation.upload.empty",
  uploadTooLarge: "validation.upload.tooLarge",
  uploadTitle: "validation.upload.title",
  mobile: "validation.mobile.invalid",
  contactNumber: "validation.contactNumber.invalid",
  mykadFormat: "validation.mykad.format",
  mykadDate: "validation.mykad.date",
  mykadPlace: "validation.mykad.placeOfBirth",
  otp: "validation.otp.format",
  residenceType: "validation.residenceType.invalid",
  state: "validation.state.invalid",
  language: "validation.language.invalid",
  product: "validation.product.invalid",
  contact: "validation.contact.invalid",
  boolean: "validation.boolean",
  slug: "validation.slug.invalid",
  referralCode: "validation.referralCode.invalid",
} as const satisfies Record<string, MessageKey>;

/** Tells whether a string is one of this package's message keys. */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === "string" && (MESSAGE_KEYS as readonly string[]).includes(value);
}
