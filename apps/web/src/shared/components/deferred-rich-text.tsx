import { RichText } from "@portal/ui";
import { useEffect, useId, useState } from "react";

type Sanitise = (html: string) => string;

let serverSanitise: Sanitise | undefined;

/** The server renders deferred rich text at once, with the sanitiser it loads at start. */
export function provideServerSanitiser(sanitise: Sanitise): void {
  serverSanitise = sanitise;
}

/**
 * Rich text for a first screen that should not wait for the sanitiser in the browser. The server
 * sends the sanitised HTML in the page; hydrating, the box reads that HTML back from the page and
 * renders it unchanged, so the browser needs DOMPurify (10 KB, 30 ms of start-up on a mid-range
 * phone) only when the HTML changes (another language) or the box is rendered in the browser (a
 * navigation), and loads it then. Other HTML only ever reaches the DOM through the sanitiser.
 * Used by the home info box and the support answer (issue 13: 10 KB of the answer page's JS).
 */
export function DeferredRichText({ html }: { html: string }) {
  const id = useId();
  const [sanitise, setSanitise] = useState<Sanitise | undefined>(() => serverSanitise);
  // Hydrating: the HTML the server sanitised for this box, as the page holds it under this id.
  // That is also true of a box the server streamed late (its content was slow), which hydrates
  // after the rest of the page; a box rendered in the browser has an id the page does not hold.
  const [server] = useState(() => {
    if (typeof document === "undefined") return undefined;
    const box = document.getElementById(id)?.querySelector(".pui-rich-text");
    return box ? { html, sanitised: box.innerHTML } : undefined;
  });
  const needed = !sanitise && html !== server?.html;
  useEffect(() => {
    if (!needed) return;
    let live = true;
    void import("../sanitise").then(({ sanitiseHtml }) => {
      if (live) setSanitise(() => sanitiseHtml);
    });
    return () => {
      live = false;
    };
  }, [needed]);
  // Rendered in the browser before the sanitiser's chunk has come: empty for that moment.
  const sanitised = sanitise ? sanitise(html) : html === server?.html ? server.sanitised : "";
  return (
    <div id={id}>
      <RichText sanitisedHtml={sanitised} />
    </div>
  );
}
