import { RichText } from "@portal/ui";
import { useEffect, useState } from "react";

type Sanitise = (html: string) => string;

/**
 * The visible text of an HTML fragment, parsed in an inert document (no scripts run, nothing
 * loads); script, style and template contents are not text.
 */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  body.querySelectorAll("script, style, template, noscript").forEach((node) => node.remove());
  return body.textContent?.replace(/\s+/g, " ").trim() ?? "";
}

/**
 * Rich text for a first screen that should not wait for the sanitiser: DOMPurify (10 KB of
 * JavaScript and 30 ms of start-up on a mid-range phone) loads after the first paint. Until then
 * the fragment's plain text shows in its place, so the box keeps its size and nothing unsafe is
 * ever rendered: the HTML itself only reaches the DOM through `sanitiseHtml`. Pages whose main
 * content is the rich text (legal pages, articles) use `sanitiseHtml` directly.
 */
export function DeferredRichText({ html }: { html: string }) {
  const [sanitise, setSanitise] = useState<Sanitise | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void import("../sanitise").then(({ sanitiseHtml }) => {
      if (live) setSanitise(() => sanitiseHtml);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!sanitise) {
    return (
      <div className="pui-rich-text">
        <p>{htmlToText(html)}</p>
      </div>
    );
  }
  return <RichText sanitisedHtml={sanitise(html)} />;
}
