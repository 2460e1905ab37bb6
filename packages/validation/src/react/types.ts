import type * as v from "valibot";
import type { MessageKey } from "../codes.js";
import type { Language } from "../enums.js";
import type { InputMode } from "../form/fields.js";
import type { FormField, FormMessages, FormSchema, FormValues } from "../form/state.js";

/** Options of `useSchemaForm`. */
export interface UseSchemaFormOptions<TSchema extends FormSchema> {
  /** An object schema of @portal/validation: its entries are the fields, in display order. */
  schema: TSchema;
  /** The language of the messages (`formatValidationMessage`). */
  language: Language;
  /** Uncontrolled: the first values (missing fields start as ""); the hook keeps the values. */
  initialValues?: Partial<FormValues<TSchema>>;
  /** Controlled: the owner keeps the values and takes the changes from `onValuesChange`. */
  values?: FormValues<TSchema>;
  /** Every change of the values (controlled mode needs it; uncontrolled mode may listen). */
  onValuesChange?: (values: FormValues<TSchema>) => void;
  /**
   * Refusals from a service (a message key, or a text already translated), shown on their field
   * until it is edited. Other refusals than the last ones are announced: the summary lists them
   * and takes focus (clear them, e.g. while a new request runs, to announce the same again). The
   * same fields refused in the render that changes `language` are the texts translated: shown,
   * not announced again.
   */
  serverErrors?: Partial<Record<FormField<TSchema>, MessageKey | (string & {})>>;
  /** The fields' labels (in `language`): the summary names each field with its message. */
  labels?: Partial<Record<FormField<TSchema>, string>>;
  /** Texts of the page that replace a key's text on one field, in `language`. */
  messages?: FormMessages<FormField<TSchema>>;
  /**
   * Also show a field's message when it is left with a value (before any submit). Off by
   * default: a message appearing as the field loses focus moves what is below it, and can move
   * the submit button from under a pointer that is pressing it.
   */
  showOnBlur?: boolean;
  /** Base of the field ids (`<id>-<field>`); React's `useId` when absent. */
  id?: string;
  /** Called only with valid input: the schema's output and the values typed; may be async. */
  onSubmit: (output: v.InferOutput<TSchema>, values: FormValues<TSchema>) => unknown;
  /** Called after an invalid submit (nothing sent) with the invalid fields, in order. */
  onInvalid?: (fields: Array<FormField<TSchema>>) => void;
}

/** Props for a `TextField`, `SelectField`, `RadioGroup` (or a native input) of one field. */
export interface SchemaFieldProps<TName extends string = string> {
  id: string;
  name: TName;
  value: string;
  /** Takes a change event, or the value itself (a radio group's `onChange`). */
  onChange: (input: string | { readonly target: { readonly value: string } }) => void;
  onBlur: () => void;
  /** The field's message in the form's language, when it shows one. */
  error: string | undefined;
  required: boolean;
  maxLength?: number;
  inputMode?: InputMode;
  autoComplete?: string;
  "aria-invalid": true | undefined;
}

/** One entry of the error summary: the field, the id its link points to, its label, the message. */
export interface SummaryEntry<TName extends string = string> {
  field: TName;
  id: string;
  /** The field's label from the `labels` option, when given. */
  label?: string;
  message: string;
}

/** What `useSchemaForm` gives a form. */
export interface SchemaForm<TSchema extends FormSchema> {
  values: FormValues<TSchema>;
  /** Field -> message in the language, only for fields left or sent (and server refusals). */
  errors: Partial<Record<FormField<TSchema>, string>>;
  field: (name: FormField<TSchema>) => SchemaFieldProps<FormField<TSchema>>;
  setValue: (name: FormField<TSchema>, value: string) => void;
  /** Back to the initial values (or these), with no message shown. */
  reset: (values?: Partial<FormValues<TSchema>>) => void;
  /** Spread on the `<form>`: it posts (never a GET with the fields in the URL). */
  formProps: {
    onSubmit: (event?: { preventDefault(): void }) => void;
    noValidate: true;
    method: "post";
    /** The form element (typed to fit the `ref` of React 18 and 19 alike). */
    ref: { readonly current: HTMLFormElement | null };
  };
  /** The invalid fields of the last submit (or server answer), in field order. */
  summary: ReadonlyArray<SummaryEntry<FormField<TSchema>>>;
  /** True while the promise `onSubmit` returned runs. */
  submitting: boolean;
}
