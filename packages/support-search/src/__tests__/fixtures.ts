import type { SupportCategory, SupportQuestion } from "../index";

/** A question with only the fields a test cares about. */
export function question(
  slug: string,
  name: string,
  description = "",
  content = "",
  tags: string[] = [],
): SupportQuestion {
  return { ref_id: slug, slug, name, description, content, tags };
}

/** A category holding the given questions. */
export function category(slug: string, questions: SupportQuestion[], name = slug): SupportCategory {
  return { name, slug, questions };
}

/** Optimal string alignment distance by the plain dynamic programme: the tests' reference. */
export function osaDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}
