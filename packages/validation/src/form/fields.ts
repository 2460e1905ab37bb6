import * as v from "valibot";

/** The `inputmode` values an input can carry. */
export type InputMode =
  "none" | "text" | "tel" | "url" | "email" | "numeric" | "decimal" | "search";

/** How a field's input should behave, attached to a schema with `inputHints`. */
export type InputHints = {
  /** The keyboard a phone shows (`tel`, `numeric`, `email`...). */
  inputMode?: InputMode;
  /** The browser's autofill token (`tel`, `email`, `name`, `one-time-code`, `off`...). */
  autoComplete?: string;
};

/** What an input needs to know from its field's schema. */
export interface FieldConstraints extends InputHints {
  /** The empty value is refused (HTML `required` means the same). */
  required: boolean;
  /** The longest value the schema accepts, from its `maxLength` action (HTML `maxlength`). */
  maxLength?: number;
}

/** A pipe action that carries input hints (valibot's `metadata`); it never changes a value. */
export const inputHints = <TInput>(hints: InputHints) => v.metadata<TInput, InputHints>(hints);

type Node = v.GenericSchema & {
  readonly pipe?: ReadonlyArray<{ kind: string; type: string; requirement?: unknown }>;
  readonly wrapped?: v.GenericSchema;
  readonly options?: ReadonlyArray<v.GenericSchema>;
};

interface Found {
  maxLength?: number;
  hints: InputHints;
}

// Depth first through pipes (the first item is the schema piped), optional wrappers and unions
// (the widest option's limit); later hints override earlier ones, as valibot's getMetadata does.
function collect(schema: Node, found: Found): void {
  if (schema.pipe) {
    for (const item of schema.pipe) {
      if (item.kind === "schema") collect(item as unknown as Node, found);
      else if (item.kind === "validation" && item.type === "max_length") {
        const limit = item.requirement as number;
        found.maxLength = found.maxLength === undefined ? limit : Math.min(found.maxLength, limit);
      } else if (item.kind === "metadata" && item.type === "metadata") {
        Object.assign(found.hints, (item as unknown as { metadata: InputHints }).metadata);
      }
    }
  } else if (schema.wrapped) {
    collect(schema.wrapped as Node, found);
  } else if (schema.type === "union" && schema.options) {
    const limits: number[] = [];
    for (const option of schema.options) {
      const inner: Found = { hints: {} };
      collect(option as Node, inner);
      if (inner.maxLength !== undefined) limits.push(inner.maxLength);
      Object.assign(found.hints, inner.hints);
    }
    if (limits.length > 0) found.maxLength = Math.max(...limits);
  }
}

/**
 * What a form input takes from its field's schema: `required` (the schema refuses ""), the
 * `maxLength` action's requirement, and the `inputMode` / `autoComplete` hints of `inputHints`.
 */
export function fieldConstraints(schema: v.GenericSchema): FieldConstraints {
  const found: Found = { hints: {} };
  collect(schema as Node, found);
  return {
    required: !v.safeParse(schema, "").success,
    ...(found.maxLength !== undefined ? { maxLength: found.maxLength } : {}),
    ...found.hints,
  };
}
