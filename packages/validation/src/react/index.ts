"use client";

/**
 * @portal/validation/react: `useSchemaForm`, a thin React adapter over the framework-free form
 * state (src/form/) and the package's schemas and messages.
 */
export { useSchemaForm } from "./use-schema-form.js";
export type { SchemaFieldProps, SchemaForm, SummaryEntry, UseSchemaFormOptions } from "./types.js";
export type {
  FormField,
  FormMessages,
  FormSchema,
  FormValues,
  InputHints,
  InputMode,
} from "../index.js";
