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
