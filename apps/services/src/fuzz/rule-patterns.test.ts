import fc from "fast-check";
import * as validation from "@portal/validation";
import type { GenericSchema } from "valibot";
import { loadContracts, type JsonSchema } from "@portal/openapi";
import { beforeAll, describe, expect, it } from "vitest";

// Issue 21: the contract states each SPEC section 5 rule as a `pattern` beside its
// `x-portal-validation` name (so clients and fuzzers such as Schemathesis know the valid values);
// the services apply the named @portal/validation schema. The two must accept the same strings:
// every string the pattern generates (within maxLength) passes the rule, and on strings near the
// valid ones (examples, generated values, one character inserted, dropped or replaced) and on
// random ones, pattern and rule agree.

interface Annotated {
  where: string;
  rule: string;
  schema: JsonSchema;
}

const annotated: Annotated[] = [];

function collect(where: string, node: unknown, seen: Set<unknown>): void {
  if (!node || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  const schema = node as JsonSchema;
  if (typeof schema["x-portal-validation"] === "string")
    annotated.push({ where, rule: schema["x-portal-validation"] as string, schema });
  for (const [key, value] of Object.entries(schema)) collect(`${where}/${key}`, value, seen);
}

beforeAll(async () => {
  const docs = await loadContracts();
  const seen = new Set<unknown>();
  for (const [name, doc] of docs) collect(name, doc, seen);
});

const RUNS = 300;

/** The string with one character inserted, dropped or replaced. */
const nearby = (base: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(
      base,
      fc.nat(),
      fc.constantFrom("insert", "drop", "replace"),
      fc.string({ minLength: 1, maxLength: 1, unit: "binary" }),
    )
    .map(([s, at, how, c]) => {
      const i = s.length === 0 ? 0 : at % s.length;
      if (how === "insert") return s.slice(0, i) + c + s.slice(i);
      if (how === "drop") return s.slice(0, i) + s.slice(i + 1);
      return s.slice(0, i) + c + s.slice(i + 1);
    });

describe("rule patterns of the contracts", () => {
  it("every rule-named value of the contracts carries a pattern", () => {
    expect(annotated.length).toBeGreaterThanOrEqual(8);
    const rules = new Set(annotated.map((a) => a.rule));
    for (const rule of [
      "mobileNumberSchema",
      "contactNumberSchema",
      "emailSchema",
      "personNameSchema",
      "postcodeSchema",
      "myKadSchema",
      "otpSchema",
      "referralCodeSchema",
    ])
      expect(rules, rule).toContain(rule);
    for (const a of annotated)
      expect(typeof a.schema.pattern, `${a.where} has a pattern`).toBe("string");
  });

  it("pattern and rule accept the same strings", () => {
    const done = new Set<string>();
    for (const { rule, schema } of annotated) {
      if (done.has(rule)) continue;
      done.add(rule);
      const valibot = (validation as unknown as Record<string, GenericSchema>)[rule];
      expect(valibot, `@portal/validation exports ${rule}`).toBeDefined();
      const pattern = new RegExp(schema.pattern as string, "u");
      const maxLength = Number(schema.maxLength ?? Infinity);
      const minLength = Number(schema.minLength ?? 0);
      const contractAccepts = (s: string) =>
        s.length <= maxLength && s.length >= minLength && pattern.test(s);
      const ruleAccepts = (s: string) => validation.validate(valibot!, s).success;
      const generated = fc
        .stringMatching(pattern, { size: "xsmall" })
        .filter((s) => s.length <= maxLength && s.length >= minLength);
      // Everything the contract calls valid, the rule takes (positive data acceptance).
      fc.assert(
        fc.property(generated, (s) => ruleAccepts(s)),
        { numRuns: RUNS },
      );
      // Near the valid values and at random, the two agree (what the rule takes, the contract
      // calls valid, and the other way round).
      const examples = (schema.examples as string[] | undefined) ?? [];
      const near = nearby(
        examples.length > 0 ? fc.oneof(generated, fc.constantFrom(...examples)) : generated,
      );
      const disagreements = fc
        .sample(fc.oneof(near, fc.string({ maxLength: 24 })), { numRuns: RUNS * 3, seed: 21 })
        .filter((s) => contractAccepts(s) !== ruleAccepts(s))
        .map(
          (s) =>
            `${rule} ${JSON.stringify(s)}: pattern ${contractAccepts(s)}, rule ${ruleAccepts(s)}`,
        );
      expect(disagreements).toEqual([]);
    }
  });

  it("the forms the descriptions name pass both", () => {
    const forms: Record<string, string[]> = {
      mobileNumberSchema: [
        "0123456789",
        "012-345 6789",
        "(012) 345 6789",
        "012.345.6789",
        "+60123456789",
        "+60 (0)12-345 6789",
        "60111234 5678",
      ],
      contactNumberSchema: [
        "0312345678",
        "03-1234 5678",
        "(03) 1234 5678",
        "+60312345678",
        "082-123456",
        "0123456789",
      ],
      myKadSchema: ["900101145678", "900101-14-5678", "000229-01-0001"],
      referralCodeSchema: ["SURIA8K2Q", "suria 8k2q"],
    };
    for (const { rule, schema } of annotated) {
      const pattern = new RegExp(schema.pattern as string, "u");
      for (const s of forms[rule] ?? [])
        expect([rule, s, pattern.test(s)]).toEqual([rule, s, true]);
    }
    const mykad = annotated.find((a) => a.rule === "myKadSchema")!;
    const pattern = new RegExp(mykad.schema.pattern as string, "u");
    // 29 February of a year not divisible by 4, month 13, place-of-birth 00 and 17, mixed dashes.
    for (const s of [
      "010229-01-0001",
      "901301145678",
      "900101005678",
      "900101175678",
      "900101-145678",
    ])
      expect([s, pattern.test(s)]).toEqual([s, false]);
  });
});
