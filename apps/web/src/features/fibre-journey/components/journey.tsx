import {
  formatValidationMessage,
  validate,
  type FieldError,
  type MessageKey,
} from "@portal/validation";
import { useLanguage } from "../../../shared/language";
import "./fibre-journey.css";
/** Field -> @portal/validation message key (rendered in the current language, so a switch re-translates). */
export type FieldCodes = Partial<Record<string, MessageKey>>;

/** Turns validation errors into one message key per field (the first one wins). */
export function fieldCodes(errors: readonly FieldError[]): FieldCodes {
  const out: FieldCodes = {};
  for (const { field, code } of errors) {
    const key = field.split(".")[0] || "form";
    out[key] ??= code;
  }
  return out;
}

/** Validates with a @portal/validation schema and answers the message key of each invalid field. */
export function checkFields(schema: Parameters<typeof validate>[0], input: unknown): FieldCodes {
  const result = validate(schema, input);
  return result.success ? {} : fieldCodes(result.errors);
}

/** The text of a validation message key in the visitor's language. */
export function useValidationText(): (code: MessageKey | undefined) => string | undefined {
  const { lang } = useLanguage();
  return (code) => (code ? formatValidationMessage(code, lang) : undefined);
}

/** Moves focus to the first invalid control of a form (its error is read through aria-describedby). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  target?.focus();
}
