import DOMPurify, { type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";

/**
 * CMS HTML is sanitised once, when content is imported (issue 22), so every answer of the content
 * service already holds safe HTML and the portal's render server no longer runs DOMPurify over a
 * jsdom window per page. The rules are the ones the portal applied before (apps/web
 * src/shared/sanitise.ts): DOMPurify's HTML profile (no SVG/MathML, no scripts, no event-handler
 * attributes, no javascript: URLs), `target` kept, and links that open a new window get
 * rel="noopener noreferrer".
 */
let purify: ReturnType<typeof DOMPurify> | undefined;

function purifier(): ReturnType<typeof DOMPurify> {
  if (purify) return purify;
  const made = DOMPurify(new JSDOM("").window as unknown as WindowLike);
  made.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A" && node.getAttribute("target") === "_blank")
      node.setAttribute("rel", "noopener noreferrer");
  });
  purify = made;
  return made;
}

/** Sanitises one HTML fragment of content (see above). */
export function sanitiseHtml(html: string): string {
  return purifier().sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ["target"] });
}

/** Bumped when the rules above change, so an import with the same seed writes the content again. */
export const SANITISER_VERSION = "dompurify-3-html-1";

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Sanitises, in place, every string of `value` that its (dereferenced) schema types as `html`
 * (content.yaml `Html`: dereferencing keeps one object for every use). Walks properties, items
 * and allOf/anyOf/oneOf.
 */
export function sanitiseHtmlFields(schema: unknown, value: unknown, html: Schema): unknown {
  if (!isObject(schema)) return value;
  if (schema === html) return typeof value === "string" ? sanitiseHtml(value) : value;
  for (const key of ["allOf", "anyOf", "oneOf"] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) value = sanitiseHtmlFields(sub, value, html);
  }
  if (Array.isArray(value) && schema.items) {
    for (let i = 0; i < value.length; i++)
      value[i] = sanitiseHtmlFields(schema.items, value[i], html);
  } else if (isObject(value) && isObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties))
      if (name in value) value[name] = sanitiseHtmlFields(sub, value[name], html);
  }
  return value;
}
