import { RichText } from "@portal/ui";
import { useEffect, useState } from "react";

type Sanitise = (html: string) => string;

let serverSanitise: Sanitise | undefined;

/** The server renders deferred rich text at once, with the sanitiser it loads at start. */
export function provideServerSanitiser(sanitise: Sanitise): void {
  serverSanitise = sanitise;
}

/**
 * Rich text for a first screen that should not wait for the sanitiser in the browser: the server
 * sends the sanitised HTML in the page, and hydration keeps it as it is (the element's HTML is not
 * compared), so DOMPurify (10 KB, 30 ms of start-up on a mid-range phone) loads after the first
 * paint and only then takes the box over with the same sanitised HTML. The HTML only ever reaches
 * the DOM through the sanitiser. Pages whose main content is rich text use `sanitiseHtml`.
 */
export function DeferredRichText({ html }: { html: string }) {
  const [sanitise, setSanitise] = useState<Sanitise | undefined>(() => serverSanitise);
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
    // Hydration: the server's sanitised HTML stays; a client-side render shows the box empty for
    // the moment the sanitiser's chunk takes.
    return (
      <div
        className="pui-rich-text"
        dangerouslySetInnerHTML={{ __html: "" }}
        suppressHydrationWarning
      />
    );
  }
  return <RichText sanitisedHtml={sanitise(html)} />;
}
