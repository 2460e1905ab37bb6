import { LeadFlowProvider, useLeadFlow } from "@portal/lead-flow/react";
import {
  formatValidationMessage,
  validate,
  type FieldError,
  type MessageKey,
} from "@portal/validation";
import { useEffect, useState, type ReactNode } from "react";
import { useConfig } from "../../../shared/config";
import { useLanguage, type Lang } from "../../../shared/language";
import { getFibreLeadFlow } from "../api/lead-flow";
import "./fibre-journey.css";

/** Provides the fibre lead journey to a page and keeps its language in step with the UI. */
export function FibreJourney({ children }: { children: ReactNode }) {
  const config = useConfig();
  const { lang } = useLanguage();
  const [flow] = useState(() => getFibreLeadFlow(config.environment, lang));
  useEffect(() => flow.setLanguage(lang), [flow, lang]);
  return <LeadFlowProvider flow={flow}>{children}</LeadFlowProvider>;
}

/** The journey's state and calls (inside <FibreJourney>). */
export const useJourney = useLeadFlow;

/** Field -> message in the visitor's language, from @portal/validation message keys. */
export type FieldMessages = Partial<Record<string, string>>;

/** Turns validation errors into one message per field (the first one wins). */
export function fieldMessages(errors: readonly FieldError[], lang: Lang): FieldMessages {
  const out: FieldMessages = {};
  for (const { field, code } of errors) {
    const key = field.split(".")[0] || "form";
    out[key] ??= formatValidationMessage(code as MessageKey, lang);
  }
  return out;
}

/** Validates with a @portal/validation schema and answers the per-field messages. */
export function checkFields(
  schema: Parameters<typeof validate>[0],
  input: unknown,
  lang: Lang,
): FieldMessages {
  const result = validate(schema, input);
  return result.success ? {} : fieldMessages(result.errors, lang);
}

/** Moves focus to the first invalid control of a form (its error is read through aria-describedby). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  target?.focus();
}
