// The self-hosted ALTCHA widget (altcha 2.x, proof-of-work protocol v1 like the marketing
// service's altcha-lib). The `external` build ships no inline worker or styles: its CSS is a file
// of this bundle and its worker a Vite worker chunk, so nothing is fetched from a CDN and the page
// works offline and under a strict CSP. The element is defined in the browser only (the server
// has no customElements): the module loads from the widget's effect.
import "altcha/altcha.css";
import AltchaWorker from "altcha/worker?worker";
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { fetchAltchaChallenge } from "../api/submit-contact-us";

/** altcha/external sets its own worker factory when it loads; ours (a Vite worker chunk) replaces it. */
const loadAltcha = () =>
  import("altcha/external").then(() => {
    (globalThis as unknown as { altchaCreateWorker: () => Worker }).altchaCreateWorker = () =>
      new AltchaWorker();
  });

/** The widget's states (altcha's `statechange` event). */
export type AltchaState = "unverified" | "verifying" | "verified" | "error" | "expired" | "code";

/** The widget's texts (already translated). */
export interface AltchaStrings {
  label: string;
  verifying: string;
  verified: string;
  error: string;
  expired: string;
  verificationRequired: string;
  waitAlert: string;
  ariaLinkLabel: string;
  footer: string;
}

interface AltchaElement extends HTMLElement {
  configure(options: Record<string, unknown>): void;
  reset(state?: AltchaState): void;
  verify(): Promise<void>;
}

/** What the form can do with the widget. */
export interface AltchaHandle {
  /** Forgets the current solution (a spent or refused one). */
  reset(): void;
  /** Starts solving a fresh challenge. */
  verify(): void;
  /** Moves focus to the widget's checkbox. */
  focus(): void;
}

/** The ALTCHA widget bound to the configured challenge URL; reports each state and the solution. */
export function AltchaField({
  challengeUrl,
  strings,
  error,
  errorId,
  onStateChange,
  ref,
}: {
  challengeUrl: string;
  strings: AltchaStrings;
  error?: string | undefined;
  errorId: string;
  onStateChange: (state: AltchaState, payload: string | undefined) => void;
  ref?: Ref<AltchaHandle>;
}) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaElement | null>(null);
  const loaded = useRef(false);
  const listener = useRef(onStateChange);
  useEffect(() => {
    listener.current = onStateChange;
  });
  const stringsJson = JSON.stringify(strings);

  useImperativeHandle(ref, () => ({
    reset: () => widget.current?.reset("unverified"),
    verify: () => void widget.current?.verify(),
    focus: () => widget.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus(),
  }));

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    void loadAltcha();
    const element = document.createElement("altcha-widget") as AltchaElement;
    element.setAttribute("challengeurl", challengeUrl);
    element.setAttribute("name", "altcha");
    element.setAttribute("auto", "onfocus");
    element.setAttribute("hidelogo", "");
    element.setAttribute("hidefooter", "");
    element.setAttribute("strings", stringsJson);
    const onLoad = () => {
      loaded.current = true;
      element.configure({ customfetch: fetchAltchaChallenge });
    };
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state: AltchaState; payload?: string }>).detail;
      listener.current(detail.state, detail.state === "verified" ? detail.payload : undefined);
    };
    element.addEventListener("load", onLoad);
    element.addEventListener("statechange", onChange);
    host.append(element);
    widget.current = element;
    return () => {
      element.removeEventListener("load", onLoad);
      element.removeEventListener("statechange", onChange);
      element.remove();
      widget.current = null;
      loaded.current = false;
    };
    // The strings are applied by the effect below; a new challenge URL needs a new widget.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [challengeUrl]);

  useEffect(() => {
    const element = widget.current;
    if (element && loaded.current) element.configure({ strings: JSON.parse(stringsJson) });
    else element?.setAttribute("strings", stringsJson);
  }, [stringsJson]);

  return (
    <div className={error ? "contact-captcha contact-captcha--invalid" : "contact-captcha"}>
      <div ref={container} data-testid="altcha" />
      {error ? (
        <p id={errorId} className="pui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
