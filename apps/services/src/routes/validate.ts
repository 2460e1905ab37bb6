import { validate } from "@portal/validation";
import type * as v from "valibot";
import { badRequest } from "../lib/errors.js";

/**
 * Applies a @portal/validation schema (the one rule shared with the web app) after the contract's
 * structural check; the first failing field answers 400 naming it.
 */
export function parseWith<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  /** The body field `input` is, when the schema is a single value's. */
  name?: string,
): v.InferOutput<TSchema> {
  const result = validate(schema, input);
  if (result.success) return result.output;
  const first = result.errors[0];
  const field = [name, first?.field].filter(Boolean).join(".") || "body";
  throw badRequest(field, first?.code ?? "validation.invalid", `${field} is invalid`);
}
