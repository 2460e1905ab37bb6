import DOMPurify from "dompurify";

DOMPurify.addHook?.("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.getAttribute("target") === "_blank") {
    node.setAttribute("rel", "noopener noreferrer");
  }
});

let trusted = false;

/**
 * The render server trusts the content service's HTML: the service sanitises CMS HTML once, when
 * content is imported (apps/services src/content/sanitise.ts, the same DOMPurify rules as below),
 * so a render no longer runs DOMPurify over a jsdom window (issue 22: about a fifth of a page's
 * CPU). Called once at start by entry-server.tsx; the browser keeps sanitising what it fetches.
 */
export function trustServiceSanitisedHtml(): void {
  trusted = true;
}

/**
 * Sanitises CMS HTML before it reaches the DOM: DOMPurify with the HTML profile (no SVG/MathML,
 * no scripts, no event-handler attributes, no javascript: URLs). Links that open a new window get
 * rel="noopener noreferrer". On the server (no DOM) the HTML is the content service's, already
 * sanitised at import: passed through only after trustServiceSanitisedHtml(), else refused.
 */
export function sanitiseHtml(html: string | null | undefined): string {
  if (!html) return "";
  if (trusted) return html;
  if (!DOMPurify.isSupported)
    throw new Error("sanitiseHtml needs a DOM, or the service's sanitised HTML on the server");
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ["target"] });
}
