import DOMPurify, { type WindowLike } from "dompurify";

const onlySafeLinks = (purify: typeof DOMPurify) =>
  purify.addHook?.("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A" && node.getAttribute("target") === "_blank") {
      node.setAttribute("rel", "noopener noreferrer");
    }
  });

let purify = DOMPurify;
onlySafeLinks(purify);

/**
 * On the server there is no DOM: the render server gives DOMPurify a jsdom window once at start
 * (entry-server.tsx), so pages are sanitised by the same library and rules as in the browser.
 */
export function setSanitiserWindow(window: WindowLike): void {
  purify = DOMPurify(window);
  onlySafeLinks(purify);
}

/**
 * Sanitises CMS HTML before it reaches the DOM: DOMPurify with the HTML profile (no SVG/MathML,
 * no scripts, no event-handler attributes, no javascript: URLs). Links that open a new window get
 * rel="noopener noreferrer". Refuses to pass HTML through where DOMPurify has no DOM to work with.
 */
export function sanitiseHtml(html: string | null | undefined): string {
  if (!html) return "";
  if (!purify.isSupported)
    throw new Error("sanitiseHtml needs a DOM: call setSanitiserWindow first");
  return purify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ["target"] });
}
