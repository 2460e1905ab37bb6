import { useEffect } from "react";

/** Brand suffix of every document title. */
export const SITE_NAME = "Suria";

/** Sets document.title ("<title> | Suria") and the meta description for the current page. */
export function usePageMeta(title: string | undefined, description?: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title === SITE_NAME ? SITE_NAME : `${title} | ${SITE_NAME}`;
    if (description !== undefined) {
      let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement("meta");
        meta.name = "description";
        document.head.append(meta);
      }
      meta.content = plainText(description).slice(0, 160);
    }
  }, [title, description]);
}

/** Strips tags and collapses whitespace (for descriptions built from HTML). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
