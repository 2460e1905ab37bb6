import * as v from "valibot";
import { M, type MessageKey } from "./codes.js";
import { inputHints } from "./form/fields.js";

// SPEC 5: letters, digits or + - _ . before exactly one @, then a domain, a dot and more.
const EMAIL = /^[A-Za-z0-9+_.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;
// SPEC 5: starts with (ASCII) letters, then only letters or spaces.
const PERSON_NAME = /^[A-Za-z][A-Za-z ]*$/;
const FIVE_DIGITS = /^[0-9]{5}$/;

/** Longest accepted email address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest accepted person name. */
export const NAME_MAX_LENGTH = 100;
/** Postcode length. */
export const POSTCODE_LENGTH = 5;

/** A required string: wrong type -> validation.type, empty -> validation.required. */
export const requiredString = (maxLength: number) =>
  v.pipe(v.string(M.type), v.nonEmpty(M.required), v.maxLength(maxLength, M.tooLong));

/** An optional string with an upper length bound. */
export const optionalString = (maxLength: number) =>
  v.optional(v.pipe(v.string(M.type), v.maxLength(maxLength, M.tooLong)));

/**
 * An optional field whose empty string counts as absent (forms hold "" for untouched fields). When
 * the inner schema transforms, valibot cannot pick its issue out of the union, so `message` is the
 * key reported for an invalid value.
 */
export const optionalOrEmpty = <T extends v.GenericSchema<string, string | undefined>>(
  schema: T,
  message: MessageKey,
) =>
  v.optional(
    v.union(
      [
        v.pipe(
          v.literal(""),
          v.transform(() => undefined),
        ),
        schema,
      ],
      message,
    ),
  );

/** Email address (SPEC 5): `+` allowed before the @, exactly one @, a dotted domain. */
export const emailSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.maxLength(EMAIL_MAX_LENGTH, M.tooLong),
  v.regex(EMAIL, M.email),
  inputHints({ inputMode: "email", autoComplete: "email" }),
);

/** Person name (SPEC 5): ASCII letters first, then letters or spaces. */
export const personNameSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.maxLength(NAME_MAX_LENGTH, M.tooLong),
  v.regex(PERSON_NAME, M.name),
  inputHints({ autoComplete: "name" }),
);

/** Postcode (SPEC 5): non-empty, at most 5 characters, 5 digits. */
export const postcodeSchema = v.pipe(
  v.string(M.type),
  v.nonEmpty(M.required),
  v.maxLength(POSTCODE_LENGTH, M.postcodeTooLong),
  v.regex(FIVE_DIGITS, M.postcodeDigits),
  inputHints({ inputMode: "numeric", autoComplete: "postal-code" }),
);

/** Tells whether a string is an email address by the portal's rule. */
export const isEmail = (value: unknown): boolean => v.is(emailSchema, value);
/** Tells whether a string is a person name by the portal's rule. */
export const isPersonName = (value: unknown): boolean => v.is(personNameSchema, value);
/** Tells whether a string is a 5-digit postcode. */
export const isPostcode = (value: unknown): boolean => v.is(postcodeSchema, value);
