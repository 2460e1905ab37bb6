// The vocabulary built in steps (sorted in runs merged two by two) looks terms up as one sorted
// in one go did, and no step handles more than VOCABULARY_STEP terms.
import { describe, expect, it } from "vitest";
import { englishStem, malayStem } from "../language";
import { VOCABULARY_STEP, Vocabulary, vocabularySteps } from "../vocabulary";

// More terms than five steps, in no order, some sharing prefixes, suffixes and stems.
const terms = Array.from({ length: 5 * VOCABULARY_STEP + 17 }, (_, i) => {
  const n = (i * 7919) % 100_003;
  return `${["pe", "ber", "me", ""][n % 4]}${n.toString(36)}${["kan", "an", "s", ""][i % 4]}`;
}).filter((term, i, all) => all.indexOf(term) === i);

describe("Vocabulary", () => {
  it("finds by prefix, suffix and family what a plain scan finds", () => {
    const vocabulary = Vocabulary.of(terms);
    expect(vocabulary.size).toBe(terms.length);
    for (const probe of ["pe", "ber1", "me2", "kan", "an", "3s", "pe1a"]) {
      expect(vocabulary.withPrefix(probe)).toEqual(terms.filter((t) => t.startsWith(probe)).sort());
      expect(vocabulary.withSuffix(probe).sort()).toEqual(
        terms.filter((t) => t.endsWith(probe)).sort(),
      );
    }
    for (const term of terms.slice(0, 50)) {
      const family = new Set(
        terms.filter(
          (t) => malayStem(t) === malayStem(term) || englishStem(t) === englishStem(term),
        ),
      );
      expect(new Set(vocabulary.family(term))).toEqual(family);
    }
  });

  it("is built in steps: each pass takes one per VOCABULARY_STEP terms", () => {
    const steps = vocabularySteps(terms);
    let count = 0;
    while (!steps.next().done) count++;
    // Sorting, merging, reversing and stemming each touch every term in steps of VOCABULARY_STEP.
    expect(count).toBeGreaterThanOrEqual((8 * terms.length) / VOCABULARY_STEP);
  });
});
