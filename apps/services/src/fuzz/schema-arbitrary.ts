import fc from "fast-check";
import type { JsonSchema } from "@portal/openapi";

const MAX_STRING = 40;

const typeOf = (schema: JsonSchema): string | undefined => {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string | undefined;
  if (typeof type === "string") return type;
  if (schema.properties) return "object";
  if (schema.items) return "array";
  return undefined;
};

/** A string of the schema's length bounds, shaped by its format or pattern where it has one. */
function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxLength ?? MAX_STRING), 200));
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "date":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString());
  }
  if (typeof schema.pattern === "string")
    // Short and longer repetitions (`*`, `+`) alike: "xsmall" keeps the phone patterns
    // (separators anywhere) within their maxLength, "small" reaches a minLength of 8.
    return fc
      .oneof(
        ...(["xsmall", "small"] as const).map((size) =>
          fc.stringMatching(new RegExp(schema.pattern as string, "u"), { size }),
        ),
      )
      .filter((s) => s.length >= minLength && s.length <= maxLength);
  return fc.string({ minLength, maxLength, unit: "binary" });
}

/**
 * A fast-check arbitrary of values that the JSON Schema (2020-12, dereferenced) accepts by
 * structure: types, enums, constants, bounds, formats, patterns, required and closed objects.
 * Where the schema gives `examples` (the contracts give realistic ones for the business rules
 * the schema does not hold, e.g. a MyKad number), they are drawn two times in three.
 */
export function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0 || depth > 6)
    return fc.jsonValue({ maxDepth: 2 });
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, depth + 1)));
  if (Array.isArray(schema.allOf))
    return arbitraryOf(Object.assign({}, ...(schema.allOf as JsonSchema[])), depth + 1);
  const generic = structural(schema, depth);
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : [];
  if (examples.length === 0) return generic;
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...examples) },
    { weight: 1, arbitrary: generic },
  );
}

function structural(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  switch (typeOf(schema)) {
    case "string":
      return stringOf(schema);
    case "integer":
      return fc.integer({
        min: Number(schema.minimum ?? -1000),
        max: Number(schema.maximum ?? 100_000),
      });
    case "number":
      return fc.double({
        min: Number(schema.minimum ?? -1000),
        max: Number(schema.maximum ?? 100_000),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(arbitraryOf(schema.items as JsonSchema, depth + 1), {
        minLength: Number(schema.minItems ?? 0),
        maxLength: Math.max(
          Number(schema.minItems ?? 0),
          Math.min(Number(schema.maxItems ?? 4), 4),
        ),
      });
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      if (Object.keys(properties).length === 0) return fc.constant({});
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([k, s]) => [k, arbitraryOf(s, depth + 1)]),
        ),
        { requiredKeys: required.filter((k) => k in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of another JSON type than the schema's (a number for a string, a string for a number...). */
export function wrongTypeOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const type = schema ? typeOf(schema) : undefined;
  const others: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.integer(),
    fc.string({ maxLength: 10 }),
    fc.boolean(),
    fc.constant([]),
    fc.constant({}),
  ];
  const keep = others.filter((_, i) => {
    if (type === "string") return i !== 2;
    if (type === "integer" || type === "number") return i !== 1;
    if (type === "boolean") return i !== 3;
    if (type === "array") return i !== 4;
    if (type === "object") return i !== 5;
    return true;
  });
  return fc.oneof(...keep);
}

/**
 * An object body the schema refuses: a required field missing, a field of the wrong type or too
 * long, an unknown field, or not an object at all.
 */
export function invalidObjectOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const valid = arbitraryOf(schema) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(properties);
  const mutations: fc.Arbitrary<unknown>[] = [
    fc.oneof(fc.constant(null), fc.constant([]), fc.string(), fc.integer()),
    valid.map((v) => ({ ...(v as object), ["unexpected" + "Field"]: "x" })),
  ];
  if (required.length > 0)
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([v, k]) => {
        const copy = { ...(v as object) } as Record<string, unknown>;
        delete copy[k];
        return copy;
      }),
    );
  if (keys.length > 0) {
    mutations.push(
      fc
        .tuple(valid, fc.constantFrom(...keys))
        .chain(([v, k]) =>
          wrongTypeOf(properties[k]).map((bad) => ({ ...(v as object), [k]: bad })),
        ),
    );
    const bounded = keys.filter((k) => typeof properties[k]?.maxLength === "number");
    if (bounded.length > 0)
      mutations.push(
        fc.tuple(valid, fc.constantFrom(...bounded)).map(([v, k]) => ({
          ...(v as object),
          [k]: "a".repeat(Number(properties[k]!.maxLength) + 1),
        })),
      );
  }
  return fc.oneof(...mutations);
}
