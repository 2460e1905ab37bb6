import * as v from "valibot";
import { isMessageKey, M, type MessageKey } from "./codes.js";

/** One offending field and its stable message key, as services answer in a 400 body. */
export interface FieldError {
  /** Dot path of the field ("" for the whole input). */
  field: string;
  /** Stable message key, e.g. validation.email.invalid. */
  code: MessageKey;
}

/** Result of `validate`: the parsed output, or one error per offending field. */
export type ValidationResult<T> =
  | { success: true; output: T; errors?: undefined }
  | { success: false; output?: undefined; errors: FieldError[] };

/**
 * Turns valibot issues into `{ field, code }` pairs, the first issue per field only. A missing
 * value gives validation.required; an issue without a key of ours gives validation.invalid.
 */
export function toFieldErrors(
  issues: ReadonlyArray<v.BaseIssue<unknown>>,
  root = "",
): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const path = v.getDotPath(issue);
    const field = path ?? root;
    if (seen.has(field)) continue;
    seen.add(field);
    const code: MessageKey =
      issue.kind === "schema" && issue.input === undefined
        ? M.required
        : isMessageKey(issue.message)
          ? issue.message
          : M.invalid;
    errors.push({ field, code });
  }
  return errors;
}

/** Parses input with a schema (stopping each field at its first issue) into a result value. */
export function validate<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  root = "",
): ValidationResult<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success
    ? { success: true, output: result.output }
    : { success: false, errors: toFieldErrors(result.issues, root) };
}
