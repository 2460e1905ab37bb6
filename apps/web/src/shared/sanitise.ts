import DOMPurify from "dompurify";

/**
 * Sanitises CMS HTML before it reaches the DOM: DOMPurify with the HTML profile (no SVG/MathML,
 * no scripts, no event-handler attributes, no javascript: URLs). Links that open a new window get
 * rel="noopener noreferrer".
 */
export function sanitiseHtml(html: string | null | undefined): string {
  if (!html) return "";
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ["target"] });
}

DOMPurify.addHook?.("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.getAttribute("target") === "_blank") {
    node.setAttribute("rel", "noopener noreferrer");
  }
});
