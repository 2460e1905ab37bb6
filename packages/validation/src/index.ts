export { MESSAGE_KEYS, isMessageKey, type MessageKey } from "./codes.js";
export { validationMessages, formatValidationMessage, type MessageCatalog } from "./messages.js";
export { toFieldErrors, validate, type FieldError, type ValidationResult } from "./issues.js";
export {
  LANGUAGES,
  DEFAULT_LANGUAGE,
  languageSchema,
  PRODUCTS,
  productSchema,
  STATES,
  stateSchema,
  STATE_NAMES,
  type Language,
  type Product,
  type State,
} from "./enums.js";
export {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  POSTCODE_LENGTH,
  emailSchema,
  personNameSchema,
  postcodeSchema,
  isEmail,
  isPersonName,
  isPostcode,
} from "./text.js";
export {
  PHONE_NUMBER_MAX_LENGTH,
  mobileNumberSchema,
  normaliseMobileNumber,
  isMobileNumber,
} from "./mobile.js";
export { contactNumberSchema, normaliseContactNumber, isContactNumber } from "./contact-number.js";
export { formatContactNumber, telUrl } from "./phone-format.js";
export {
  slugSchema,
  imageNameSchema,
  isSlug,
  isImageName,
  SLUG_MAX_LENGTH,
  IMAGE_NAME_MAX_LENGTH,
} from "./slug.js";
export {
  MYKAD_MAX_LENGTH,
  myKadSchema,
  normaliseMyKad,
  isMyKad,
  isMyKadDate,
  isMyKadPlaceOfBirth,
} from "./mykad.js";
export { otpSchema, otpFormSchema, isOtp } from "./otp.js";
export {
  REFERRAL_CODE_MAX_LENGTH,
  REFERRAL_CODE_INPUT_MAX_LENGTH,
  normaliseReferralCode,
  isReferralCode,
} from "./referral-code.js";
export {
  referralCodeSchema,
  referralCodeFormSchema,
  referralStatusBodySchema,
} from "./referral.js";
export {
  SEARCH_QUERY_MAX_LENGTH,
  searchQuerySchema,
  siteSearchFormSchema,
  supportSearchFormSchema,
} from "./search.js";
export {
  fieldConstraints,
  inputHints,
  type FieldConstraints,
  type InputHints,
  type InputMode,
} from "./form/fields.js";
export type { FormField, FormMessages, FormSchema, FormValues } from "./form/state.js";
export {
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  UPLOAD_MIME_TYPES,
  UPLOAD_TITLE_MAX_LENGTH,
  uploadFileSchema,
  signedUrlBodySchema,
  fileExtension,
  isUploadMimeType,
  isUploadType,
  type FileLike,
  type UploadExtension,
} from "./upload.js";
export {
  RESIDENCE_TYPES,
  RESIDENCE_TYPE_CODES,
  STREET_FIELD_MAX_LENGTH,
  leadSearchPayloadSchema,
  leadSearchFormSchema,
  toLeadSearchPayload,
  type ResidenceType,
  type ResidenceTypeCode,
  type LeadSearchPayload,
  type LeadSearchForm,
} from "./lead-search.js";
export {
  ADDRESS_MAX_LENGTH,
  SELECTION_MAX_LENGTH,
  contactUsFormSchema,
  marketingContactSchema,
  toMarketingFields,
  type ContactUsForm,
  type ContactUsFormOutput,
  type MarketingContactFields,
} from "./contact-us.js";
export {
  identifierSchema,
  leadContactSchema,
  leadCreateBodySchema,
  leadAddressInputSchema,
  leadUpdateBodySchema,
  orderUpdateBodySchema,
  registerInterestSchema,
  registerInterestFormSchema,
  generateOtpBodySchema,
  verifyOtpBodySchema,
  consentBodySchema,
  b40VerifyBodySchema,
  type LeadContact,
  type LeadCreateBody,
  type LeadUpdateBody,
  type OrderUpdateBody,
  type RegisterInterest,
} from "./lead.js";
export {
  PERSONAL_DATA_MASKS,
  maskPersonalData,
  hasPersonalData,
  maskUrl,
  type PersonalDataKind,
} from "./personal-data.js";
export {
  CONSENT_TEXT_HASHES,
  consentTextHash,
  isConsentTextHash,
  consentTextHashSchema,
} from "./consent.js";
