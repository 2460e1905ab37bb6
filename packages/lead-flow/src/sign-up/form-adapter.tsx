"use client";

// TEMPORARY ADAPTER, to be replaced: `useSchemaForm` is being built in @portal/validation/react
// and `ErrorSummary` in @portal/ui (branch `forms`), with exactly the API below. Until it lands
// on main, the sign-up steps use this stand-in; the swap is to import both from there and delete
// this file (the steps use nothing else of it). Differences kept on purpose: no `messages`/`id`
// options, and `inputMode`/`autoComplete` come from the steps' own props (the schemas on main
// carry no input hints yet).
import {
  formatValidationMessage,
  validate,
  type Language,
  type MessageKey,
} from "@portal/validation";
import { useEffect, useId, useMemo, useReducer, useRef, useState, type RefObject } from "react";
import { useIntl } from "react-intl";
import type * as v from "valibot";
import { common } from "./messages.js";

/** An object schema of @portal/validation whose entries are a form's fields. */
export type FormSchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>> & {
  readonly entries: v.ObjectEntries;
};
/** A form's field names. */
export type FormField<S extends FormSchema> = keyof S["entries"] & string;
/** A form's values as its inputs hold them. */
export type FormValues<S extends FormSchema> = { [K in FormField<S>]: string };

/** Options of useSchemaForm. */
export interface UseSchemaFormOptions<S extends FormSchema> {
  schema: S;
  language: Language;
  /** Controlled: the owner keeps the values (e.g. the flow's drafts). */
  values?: FormValues<S>;
  onValuesChange?: (values: FormValues<S>) => void;
  initialValues?: Partial<FormValues<S>>;
  /** A service's refusals (a message key or a translated text), shown until the field is edited. */
  serverErrors?: Partial<Record<FormField<S>, MessageKey | (string & {})>>;
  /** Called with valid input only. */
  onSubmit: (output: v.InferOutput<S>, values: FormValues<S>) => unknown;
}

/** Props for a @portal/ui TextField (or RadioGroup) of one field. */
export interface SchemaFieldProps<N extends string = string> {
  id: string;
  name: N;
  value: string;
  onChange: (input: string | { readonly target: { readonly value: string } }) => void;
  onBlur: () => void;
  error: string | undefined;
  required: boolean;
  maxLength?: number;
  inputMode?: "none" | "text" | "tel" | "url" | "email" | "numeric" | "decimal" | "search";
  "aria-invalid": true | undefined;
}

/** One entry of the error summary. */
export interface SummaryEntry<N extends string = string> {
  field: N;
  id: string;
  message: string;
}

/** What useSchemaForm gives a form. */
export interface SchemaForm<S extends FormSchema> {
  values: FormValues<S>;
  errors: Partial<Record<FormField<S>, string>>;
  field: (name: FormField<S>) => SchemaFieldProps<FormField<S>>;
  setValue: (name: FormField<S>, value: string) => void;
  reset: (values?: Partial<FormValues<S>>) => void;
  formProps: {
    onSubmit: (event?: { preventDefault(): void }) => void;
    noValidate: true;
    ref: RefObject<HTMLFormElement | null>;
  };
  summary: ReadonlyArray<SummaryEntry<FormField<S>>>;
  submitting: boolean;
}

interface Refusal {
  field: string;
  message: string;
}
interface State {
  shown: Readonly<Record<string, boolean>>;
  edited: Readonly<Record<string, boolean>>;
  summary: readonly Refusal[];
  submits: number;
  focus: number;
  submitting: boolean;
}
type Event =
  | { type: "change" | "blur"; field: string; filled?: boolean }
  | { type: "invalid" | "refused"; refusals: Refusal[] }
  | { type: "valid" | "reset" }
  | { type: "submitting"; running: boolean };

const initial: State = {
  shown: {},
  edited: {},
  summary: [],
  submits: 0,
  focus: 0,
  submitting: false,
};

function reducer(state: State, event: Event): State {
  switch (event.type) {
    case "change":
      return {
        ...state,
        shown: { ...state.shown, [event.field]: false },
        edited: { ...state.edited, [event.field]: true },
      };
    case "blur":
      return event.filled || state.submits > 0
        ? { ...state, shown: { ...state.shown, [event.field]: true } }
        : state;
    case "invalid":
      return {
        ...state,
        shown: Object.fromEntries(event.refusals.map((r) => [r.field, true])),
        summary: event.refusals,
        submits: state.submits + 1,
        focus: state.focus + 1,
      };
    case "refused":
      return {
        ...state,
        edited: {},
        summary: event.refusals,
        focus: state.focus + (event.refusals.length > 0 ? 1 : 0),
      };
    case "valid":
      return { ...state, shown: {}, summary: [] };
    case "submitting":
      return { ...state, submitting: event.running };
    case "reset":
      return { ...initial, focus: state.focus };
  }
}

type Node = {
  type?: string;
  pipe?: ReadonlyArray<{ kind: string; type: string; requirement?: unknown }>;
  wrapped?: Node;
  options?: readonly Node[];
};

/** The longest value a field's schema accepts (its maxLength action), through pipes and unions. */
function maxLengthOf(schema: Node): number | undefined {
  if (schema.pipe) {
    let found: number | undefined;
    for (const item of schema.pipe) {
      const inner =
        item.kind === "schema"
          ? maxLengthOf(item as unknown as Node)
          : item.type === "max_length"
            ? (item.requirement as number)
            : undefined;
      if (inner !== undefined) found = found === undefined ? inner : Math.min(found, inner);
    }
    return found;
  }
  if (schema.wrapped) return maxLengthOf(schema.wrapped);
  if (schema.options) {
    const limits = schema.options.map(maxLengthOf).filter((n): n is number => n !== undefined);
    return limits.length > 0 ? Math.max(...limits) : undefined;
  }
  return undefined;
}

/** The first refusal of each field, in the schema's order (trimmed values are checked). */
function check<S extends FormSchema>(schema: S, values: Record<string, string>) {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, value]) => [k, value.trim()]));
  const result = validate(schema, trimmed);
  if (result.success) return { output: result.output as v.InferOutput<S> };
  const fields = Object.keys(schema.entries);
  const refusals: Refusal[] = [];
  for (const error of result.errors) {
    const field = error.field.split(".")[0] || fields[0]!;
    if (fields.includes(field) && !refusals.some((r) => r.field === field)) {
      refusals.push({ field, message: error.code });
    }
  }
  refusals.sort((a, b) => fields.indexOf(a.field) - fields.indexOf(b.field));
  return { refusals };
}

const isKey = (message: string): message is MessageKey => message.startsWith("validation.");

/**
 * Binds a @portal/validation object schema to a form: values (controlled or its own), messages
 * by field in the language, props for each field, and on an invalid submit a summary that takes
 * focus (an element with `data-error-summary` in the form, else the first invalid field).
 */
export function useSchemaForm<S extends FormSchema>(
  options: UseSchemaFormOptions<S>,
): SchemaForm<S> {
  type Field = FormField<S>;
  type Values = FormValues<S>;
  const { schema, language, serverErrors } = options;
  const fields = useMemo(() => Object.keys(schema.entries) as Field[], [schema]);
  const limits = useMemo(
    () => Object.fromEntries(fields.map((f) => [f, maxLengthOf(schema.entries[f] as Node)])),
    [schema, fields],
  );
  const required = useMemo(
    () =>
      Object.fromEntries(
        fields.map((f) => [f, !validate(schema.entries[f] as v.GenericSchema, "").success]),
      ),
    [schema, fields],
  );
  const start = (given?: Partial<Values>) =>
    ({ ...Object.fromEntries(fields.map((f) => [f, ""])), ...given }) as Values;
  const [own, setOwn] = useState<Values>(() => start(options.initialValues));
  const [state, dispatch] = useReducer(reducer, initial);
  const formRef = useRef<HTMLFormElement | null>(null);
  const base = useId();
  const values = options.values ?? own;
  const text = (message: string) =>
    isKey(message) ? formatValidationMessage(message, language) : message;

  // A new refusal object from the owner: shown on its fields again, and announced. The same
  // refusal translated after a language switch is not announced again.
  const [seen, setSeen] = useState({ serverErrors, language });
  if (serverErrors !== seen.serverErrors || language !== seen.language) {
    setSeen({ serverErrors, language });
    const keys = (errors?: object) => Object.keys(errors ?? {}).join();
    const relabel = language !== seen.language && keys(serverErrors) === keys(seen.serverErrors);
    if (!relabel) {
      const refusals = fields.flatMap((field) => {
        const message = serverErrors?.[field];
        return message ? [{ field, message }] : [];
      });
      dispatch({ type: "refused", refusals });
    }
  }

  const checked = useMemo(() => check(schema, values), [schema, values]);
  const errors: Partial<Record<Field, string>> = {};
  for (const refusal of checked.refusals ?? []) {
    if (state.shown[refusal.field]) errors[refusal.field as Field] = text(refusal.message);
  }
  for (const field of fields) {
    const refused = serverErrors?.[field];
    if (!errors[field] && refused && !state.edited[field]) errors[field] = text(refused);
  }

  const setValue = (name: Field, value: string) => {
    const next = { ...values, [name]: value };
    if (options.values === undefined) setOwn(next);
    dispatch({ type: "change", field: name });
    options.onValuesChange?.(next);
  };

  const running = useRef(false);
  const onSubmit = (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (running.current) return;
    if (checked.refusals) return dispatch({ type: "invalid", refusals: checked.refusals });
    dispatch({ type: "valid" });
    const result = options.onSubmit(checked.output, values) as PromiseLike<unknown> | undefined;
    if (typeof result?.then !== "function") return;
    running.current = true;
    dispatch({ type: "submitting", running: true });
    const done = () => {
      running.current = false;
      dispatch({ type: "submitting", running: false });
    };
    result.then(done, done);
  };

  // Focus after an invalid submit or an announced refusal: the summary, else the first field.
  const focused = useRef(0);
  const first = state.summary[0]?.field;
  useEffect(() => {
    if (state.focus === focused.current) return;
    focused.current = state.focus;
    const summary = formRef.current?.querySelector<HTMLElement>("[data-error-summary]");
    if (summary) summary.focus();
    else if (first) document.getElementById(`${base}-${first}`)?.focus();
  }, [state.focus, first, base]);

  return {
    values,
    errors,
    field: (name) => ({
      id: `${base}-${name}`,
      name,
      value: values[name] ?? "",
      onChange: (input) => setValue(name, typeof input === "string" ? input : input.target.value),
      onBlur: () => dispatch({ type: "blur", field: name, filled: (values[name] ?? "") !== "" }),
      error: errors[name],
      required: required[name] ?? false,
      ...(limits[name] !== undefined ? { maxLength: limits[name] } : {}),
      "aria-invalid": errors[name] ? true : undefined,
    }),
    setValue,
    reset: (given) => {
      const next = start({ ...options.initialValues, ...given } as Partial<Values>);
      if (options.values === undefined) setOwn(next);
      else options.onValuesChange?.(next);
      dispatch({ type: "reset" });
    },
    formProps: { onSubmit, noValidate: true, ref: formRef },
    summary: state.summary
      .filter((r) => errors[r.field as Field] !== undefined)
      .map((r) => ({
        field: r.field as Field,
        id: `${base}-${r.field}`,
        message: errors[r.field as Field]!,
      })),
    submitting: state.submitting,
  };
}

/** Props of ErrorSummary. */
export interface ErrorSummaryProps {
  /** The invalid fields (useSchemaForm's `summary`), in the form's order. */
  summary: ReadonlyArray<SummaryEntry>;
  /** The heading (default: "Check the field(s) marked below."). */
  title?: string;
}

/**
 * The invalid fields of a form sent, each a link to its field. Focusable (`data-error-summary`:
 * useSchemaForm moves focus here after an invalid submit) and an alert for screen readers.
 */
export function ErrorSummary({ summary, title }: ErrorSummaryProps) {
  const intl = useIntl();
  const headingId = useId();
  if (summary.length === 0) return null;
  return (
    <div
      className="signup-error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby={headingId}
      data-error-summary=""
      data-testid="error-summary"
    >
      <h3 id={headingId}>
        {title ?? intl.formatMessage(common.fixErrors, { count: summary.length })}
      </h3>
      <ul>
        {summary.map((entry) => (
          <li key={entry.field}>
            <a
              href={`#${entry.id}`}
              onClick={(event) => {
                // Focus the field without changing the URL (a router would see a new location).
                event.preventDefault();
                // A radio group has no element of the field's id: its first option takes focus.
                const target =
                  document.getElementById(entry.id) ??
                  event.currentTarget
                    .closest("form")
                    ?.querySelector<HTMLElement>(`[name="${entry.field}"]`);
                target?.focus();
              }}
            >
              {entry.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
