import { highlightParts } from "@portal/support-search/text";
import type { ReactNode } from "react";

/**
 * Renders text with the words a search matched in <mark> (`terms`: the hit's folded terms, as
 * @portal/support-search's `tokenize` gives them). React escapes every part: no HTML is injected.
 */
export function Highlight({ text, terms }: { text: string; terms: ReadonlySet<string> }) {
  const nodes: ReactNode[] = highlightParts(text, terms).map((part, i) =>
    part.match ? <mark key={i}>{part.text}</mark> : part.text,
  );
  return <>{nodes}</>;
}
