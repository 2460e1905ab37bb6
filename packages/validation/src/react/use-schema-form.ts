import { useEffect, useId, useMemo, useReducer, useRef, useState } from "react";
import { fieldConstraints } from "../form/fields.js";
import {
  checkForm,
  formReducer,
  initialFormState,
  refusalText,
  toRefusals,
  type FormField,
  type FormMessages,
  type FormSchema,
  type FormValues,
} from "../form/state.js";
import type { SchemaFieldProps, SchemaForm, UseSchemaFormOptions } from "./types.js";

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === "function";

/**
 * Binds a @portal/validation object schema to a form: values, messages by field in the language,
 * props for each field (id, required, maxLength, inputMode, autoComplete from the schema), a
 * summary after an invalid submit with focus on it (an element with `data-error-summary` inside
 * the form, such as @portal/ui's ErrorSummary) or else on the first invalid field.
 */
export function useSchemaForm<TSchema extends FormSchema>(
  options: UseSchemaFormOptions<TSchema>,
): SchemaForm<TSchema> {
  type Field = FormField<TSchema>;
  type Values = FormValues<TSchema>;
  const { schema, language, serverErrors, messages } = options;
  const fields = useMemo(() => Object.keys(schema.entries) as Field[], [schema]);
  const constraints = useMemo(
    () => Object.fromEntries(fields.map((f) => [f, fieldConstraints(schema.entries[f]!)])),
    [schema, fields],
  );
  const start = (given?: Partial<Values>) =>
    ({ ...Object.fromEntries(fields.map((f) => [f, ""])), ...given }) as Values;
  const [own, setOwn] = useState<Values>(() => start(options.initialValues));
  const [state, dispatch] = useReducer(formReducer, initialFormState);
  const formRef = useRef<HTMLFormElement | null>(null);
  const autoId = useId();
  const base = options.id ?? autoId;
  const fieldId = (name: string) => `${base}-${name}`;
  const values = options.values ?? own;

  // Other refusals from the owner (compared by content, so an object made at each render is
  // the same answer): their fields show them again, and they are announced. The same fields
  // refused as the language changes are the owner's texts translated, not a new answer: focus
  // stays, an edited field stays edited, and the summary shows the new texts.
  const refusals = toRefusals(fields, serverErrors);
  const refusalKey = JSON.stringify(refusals);
  const refusedFields = refusals.map((r) => r.field).join();
  const [seen, setSeen] = useState({
    key: refusalKey,
    language,
    refusedFields,
    announced: refusals,
  });
  if (refusalKey !== seen.key || language !== seen.language) {
    const translated = language !== seen.language && refusedFields === seen.refusedFields;
    const announce = refusalKey !== seen.key && !translated;
    setSeen({
      key: refusalKey,
      language,
      refusedFields,
      announced: announce ? refusals : seen.announced,
    });
    if (announce) dispatch({ type: "refused", refusals, announce: true });
  }
  // A summary entry that is an announced refusal reads as the owner words it now.
  const summaryText = (field: Field, message: string) => {
    const now = serverErrors?.[field];
    const announced = seen.announced.find((r) => r.field === field)?.message;
    return now && message === announced ? now : message;
  };

  const checked = useMemo(() => checkForm(schema, values), [schema, values]);
  const text = (field: string, message: string) =>
    refusalText({ field, message }, language, messages as FormMessages<string> | undefined);
  const errors: Partial<Record<Field, string>> = {};
  for (const refusal of checked.refusals ?? []) {
    if (state.shown[refusal.field])
      errors[refusal.field as Field] = text(refusal.field, refusal.message);
  }
  for (const field of fields) {
    const refused = serverErrors?.[field];
    if (!errors[field] && refused && !state.edited[field]) errors[field] = text(field, refused);
  }

  const setValue = (name: Field, value: string) => {
    const next = { ...values, [name]: value };
    if (options.values === undefined) setOwn(next);
    dispatch({ type: "change", field: name });
    options.onValuesChange?.(next);
  };

  const reset = (given?: Partial<Values>) => {
    const next = start({ ...options.initialValues, ...given } as Partial<Values>);
    if (options.values === undefined) setOwn(next);
    else options.onValuesChange?.(next);
    dispatch({ type: "reset" });
  };

  const running = useRef(false);
  const onSubmit = (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (running.current) return;
    if (checked.refusals) {
      dispatch({ type: "invalid", refusals: checked.refusals });
      return options.onInvalid?.(checked.refusals.map((r) => r.field as Field));
    }
    dispatch({ type: "valid" });
    const result = options.onSubmit(checked.output, values);
    if (!isThenable(result)) return;
    running.current = true;
    dispatch({ type: "submitting", running: true });
    const done = () => {
      running.current = false;
      dispatch({ type: "submitting", running: false });
    };
    result.then(done, done);
  };

  // After an invalid submit or an announced refusal: the summary, or else the first such field.
  const focused = useRef(0);
  const firstRefused = state.summary[0]?.field;
  useEffect(() => {
    if (state.focusRequest === focused.current) return;
    focused.current = state.focusRequest;
    const summary = formRef.current?.querySelector<HTMLElement>("[data-error-summary]");
    if (summary) summary.focus();
    else if (firstRefused) document.getElementById(`${base}-${firstRefused}`)?.focus();
  }, [state.focusRequest, firstRefused, base]);

  const field = (name: Field): SchemaFieldProps<Field> => {
    const error = errors[name];
    return {
      id: fieldId(name),
      name,
      value: values[name] ?? "",
      onChange: (input) => setValue(name, typeof input === "string" ? input : input.target.value),
      onBlur: () => {
        if (options.showOnBlur)
          dispatch({ type: "blur", field: name, filled: (values[name] ?? "") !== "" });
      },
      error,
      ...constraints[name]!,
      "aria-invalid": error ? true : undefined,
    };
  };

  return {
    values,
    errors,
    field,
    setValue,
    reset,
    formProps: { onSubmit, noValidate: true, method: "post", ref: formRef },
    summary: state.summary.map((r) => {
      const label = options.labels?.[r.field as Field];
      return {
        field: r.field as Field,
        id: fieldId(r.field),
        ...(label ? { label } : {}),
        message: text(r.field, summaryText(r.field as Field, r.message)),
      };
    }),
    submitting: state.submitting,
  };
}
