import type * as v from "valibot";
import { isMessageKey, type MessageKey } from "../codes.js";
import type { Language } from "../enums.js";
import { validate } from "../issues.js";
import { formatValidationMessage } from "../messages.js";

/** An object schema of this package (or a pipe on one) whose entries are a form's fields. */
export type FormSchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>> & {
  readonly entries: v.ObjectEntries;
};

/** A form's field names: the schema's entries. */
export type FormField<TSchema extends FormSchema> = keyof TSchema["entries"] & string;

/** A form's values as its inputs hold them: one string per field. */
export type FormValues<TSchema extends FormSchema> = { [K in FormField<TSchema>]: string };

/**
 * Texts that replace a message key's text for one field (already in the page's language), e.g.
 * `{ code: { "validation.required": "Enter the referral code." } }`.
 */
export type FormMessages<TField extends string> = Partial<
  Record<TField, Partial<Record<MessageKey, string>>>
>;

/** A field that refuses its value: a message key of this package, or a translated text. */
export interface FieldRefusal {
  field: string;
  message: MessageKey | (string & {});
}

/** Where a form stands, apart from its values (the hook or the owner keeps those). */
export interface FormState {
  /** Fields whose own error shows: all of them after a submit (or left with a value). */
  shown: Readonly<Record<string, boolean>>;
  /** Fields edited since the current server refusals came: their refusal no longer shows. */
  edited: Readonly<Record<string, boolean>>;
  /** The refusals listed by the last invalid submit or server answer (until the next one). */
  summary: ReadonlyArray<FieldRefusal>;
  /** Invalid submits so far (0 before the first one, and after a reset). */
  submitCount: number;
  /** Counts the times focus should move to the summary or the first invalid field. */
  focusRequest: number;
  /** An `onSubmit` promise is running. */
  submitting: boolean;
}

/** Everything that happens to a form. */
export type FormEvent =
  | { type: "change"; field: string }
  | { type: "blur"; field: string; filled: boolean }
  | { type: "invalid"; refusals: FieldRefusal[] }
  | { type: "valid" }
  | { type: "refused"; refusals: FieldRefusal[]; announce: boolean }
  | { type: "submitting"; running: boolean }
  | { type: "reset" };

/** A form before anything happened to it. */
export const initialFormState: FormState = {
  shown: {},
  edited: {},
  summary: [],
  submitCount: 0,
  focusRequest: 0,
  submitting: false,
};

/** Every transition of a form, in one place. */
export function formReducer(state: FormState, event: FormEvent): FormState {
  switch (event.type) {
    case "change":
      // Typing hides the field's own error until it is left or the form is sent again (no
      // message while the visitor is mid-word), and ends a server refusal of it.
      return {
        ...state,
        shown: { ...state.shown, [event.field]: false },
        edited: { ...state.edited, [event.field]: true },
      };
    case "blur":
      // A field left empty before any submit shows nothing: tabbing through is not an error.
      return event.filled || state.submitCount > 0
        ? { ...state, shown: { ...state.shown, [event.field]: true } }
        : state;
    case "invalid":
      return {
        ...state,
        shown: Object.fromEntries(event.refusals.map((r) => [r.field, true])),
        summary: event.refusals,
        submitCount: state.submitCount + 1,
        focusRequest: state.focusRequest + 1,
      };
    case "valid":
      return { ...state, shown: {}, summary: [] };
    case "refused":
      return {
        ...state,
        edited: {},
        summary: event.announce ? event.refusals : state.summary,
        focusRequest: state.focusRequest + (event.announce && event.refusals.length > 0 ? 1 : 0),
      };
    case "submitting":
      return { ...state, submitting: event.running };
    case "reset":
      return { ...initialFormState, focusRequest: state.focusRequest };
  }
}

/**
 * Parses the values (trimmed: a space typed before or after a value is never meant) with the
 * schema: the output, or the first refusal of each field in the schema's order. A refusal of the
 * whole input (a check over several fields) is reported on the first field.
 */
export function checkForm<TSchema extends FormSchema>(
  schema: TSchema,
  values: Readonly<Record<string, string>>,
): { output: v.InferOutput<TSchema>; refusals?: undefined } | { refusals: FieldRefusal[] } {
  const input = Object.fromEntries(Object.entries(values).map(([k, value]) => [k, value.trim()]));
  const result = validate(schema, input);
  if (result.success) return { output: result.output };
  const fields = Object.keys(schema.entries);
  const refusals = result.errors
    .map((error) => ({ field: error.field || fields[0]!, message: error.code }))
    .filter((refusal) => fields.includes(refusal.field));
  refusals.sort((a, b) => fields.indexOf(a.field) - fields.indexOf(b.field));
  return { refusals };
}

/** The text of a refusal in a language: the field's own text for the key, else the catalog's. */
export function refusalText(
  refusal: FieldRefusal,
  language: Language,
  messages?: FormMessages<string>,
): string {
  const { field, message } = refusal;
  if (!isMessageKey(message)) return message;
  return messages?.[field]?.[message] ?? formatValidationMessage(message, language);
}

/** The refusals in the schema's field order, from a `{ field: message }` record. */
export function toRefusals(
  fields: readonly string[],
  refused: Partial<Record<string, string>> | undefined,
): FieldRefusal[] {
  return fields.flatMap((field) => {
    const message = refused?.[field];
    return message ? [{ field, message }] : [];
  });
}
