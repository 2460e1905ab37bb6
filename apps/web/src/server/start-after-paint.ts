/**
 * The inline scripts that start the app after the first paint (written into the router manifest
 * by vite.config.ts at build time).
 *
 * A server-rendered page is readable before any JavaScript runs, so its scripts should not compete
 * with the page for the first paint: with `<link rel="modulepreload">` in the head, the browser
 * fetches about 136 KB of scripts beside the document and the page's main image, and on a slow
 * phone connection the image (the Largest Contentful Paint of home and the detail pages) waits for
 * them. Instead, the page lists the chunks it needs and starts fetching them once the browser has
 * painted (and the document is parsed, when a module script would have run anyway): all at once,
 * as modulepreload links, so hydration still waits for no chain of imports.
 *
 * - The root route's script names the entry and the chunks every page needs and schedules the
 *   start; each matched route's script adds its own chunks before the start runs (the route
 *   scripts follow the root's in the page, and the start waits at least for a paint).
 * - "Painted" is the browser's own first-contentful-paint entry (Paint Timing), not the next
 *   animation frame: a frame can run before anything contentful is on the screen (measured: the
 *   scripts then started 87 ms before the first paint in one Lighthouse run of five). Where the
 *   browser has no paint entries, the next frame; in a hidden tab nothing is painted (and frames do
 *   not run), so the start waits only for the document, as it does when the tab is hidden before
 *   its first paint; `BACKSTOP_MS` is the last resort.
 * - The scripts are inline: they carry the page's CSP nonce; the chunks they add are same-origin
 *   (`script-src 'self'`).
 */

/**
 * The start's backstop, in milliseconds after the page is parsed: if no paint was reported by then
 * (none is expected: every page has text), the scripts start all the same. Not the window's load
 * event: in Chromium it fired before the first paint on home (188 ms, paint at 244 ms).
 */
export const BACKSTOP_MS = 2000;

/** The global the route scripts add their chunks to. */
export const CHUNKS_GLOBAL = "__portalChunks";

/** What the root route's script is given. */
export interface StartOptions {
  /** The entry module. */
  entry: string;
  /** The chunks every page needs (the route scripts add their own to `chunksGlobal`). */
  files: readonly string[];
  chunksGlobal: string;
  backstopMs: number;
}

/**
 * The root route's script, run inline at the end of the body. Serialised with
 * `Function.prototype.toString`, so it uses nothing but its argument and the DOM.
 */
export function startAfterPaint(options: StartOptions): void {
  const w = window as unknown as Record<string, unknown>;
  const d = document;
  w[options.chunksGlobal] = ((w[options.chunksGlobal] as string[] | undefined) ?? []).concat(
    options.files,
  );
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of new Set(w[options.chunksGlobal] as string[])) {
      // The router runs the manifest's scripts again after hydration (their nonce is hidden from
      // it, so it does not find them): a file already preloaded is not preloaded twice (a second
      // JSON preload would never be used, and the browser warns).
      if (d.querySelector(`link[href="${href}"]`)) continue;
      const link = d.createElement("link");
      // A JSON file (the page's message catalog) is data the entry fetches: preloaded as such
      // (anonymous: the same request as the entry's fetch, so the preload is what it gets).
      if (href.endsWith(".json")) {
        link.rel = "preload";
        link.as = "fetch";
        link.crossOrigin = "anonymous";
      } else link.rel = "modulepreload";
      link.href = href;
      d.head.appendChild(link);
    }
    const script = d.createElement("script");
    script.type = "module";
    script.src = options.entry;
    d.body.appendChild(script);
  };
  const whenParsed = () => {
    if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", start, { once: true });
    else start();
  };
  if (d.visibilityState !== "visible") {
    setTimeout(whenParsed);
    return;
  }
  const Observer = w.PerformanceObserver as typeof PerformanceObserver | undefined;
  if (!Observer?.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(() => setTimeout(whenParsed));
    return;
  }
  const observer = new Observer((list) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(whenParsed);
  });
  observer.observe({ type: "paint", buffered: true });
  d.addEventListener("visibilitychange", () => {
    if (d.visibilityState !== "visible") whenParsed();
  });
  setTimeout(whenParsed, options.backstopMs);
}

/** The root route's script source: the chunks every page loads, then the entry. */
export function startAfterPaintScript(entry: string, files: readonly string[]): string {
  const options: StartOptions = {
    entry,
    files,
    chunksGlobal: CHUNKS_GLOBAL,
    backstopMs: BACKSTOP_MS,
  };
  return `(${startAfterPaint.toString()})(${JSON.stringify(options).replace(/</g, "\\u003c")})`;
}

/** A route's script: the chunks of its component, started with the rest. */
export function routeChunksScript(files: readonly string[]): string {
  return `(self.${CHUNKS_GLOBAL}=self.${CHUNKS_GLOBAL}||[]).push(...${JSON.stringify(files).replace(/</g, "\\u003c")})`;
}
