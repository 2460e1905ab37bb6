"use client";

import { useRef, type CSSProperties, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { bannerTextTone } from "./colour.js";
import { cx } from "./cx.js";
import { uiMessages } from "./messages.js";

/** Props of Banner. */
export interface BannerProps {
  /** announcement or promotion; sets the landmark label and the default colours. */
  kind: "announcement" | "promotion";
  /** Accessible name of the banner region (already translated), e.g. its title. */
  label: string;
  /** Background as rgb(...) or hex; the text tone follows its brightness. */
  colourCode?: string | null;
  children: ReactNode;
  /** Called when the close button is pressed; no close button when absent. */
  onClose?: () => void;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first visible control after `element` in document order (outside it), if any. */
function nextFocusable(element: Element): HTMLElement | undefined {
  const candidates = element.ownerDocument.querySelectorAll<HTMLElement>(FOCUSABLE);
  for (const candidate of candidates) {
    if (element.contains(candidate)) continue;
    if (!(element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    if (candidate.getClientRects().length === 0) continue; // display: none, or in a closed menu
    return candidate;
  }
  return undefined;
}

/**
 * An announcement or promotion strip with a close button and brightness-aware text colour.
 * Closing moves the focus to the next control on the page (the banner and its button are gone),
 * never to the page's body.
 */
export function Banner({ kind, label, colourCode, children, onClose }: BannerProps) {
  const intl = useIntl();
  const section = useRef<HTMLElement>(null);
  const close = () => {
    const next = section.current ? nextFocusable(section.current) : undefined;
    onClose?.();
    // After React has removed the banner (a click's update is committed synchronously).
    setTimeout(() => {
      if (next?.isConnected) next.focus();
    }, 0);
  };
  const tone = bannerTextTone(colourCode);
  const style: CSSProperties | undefined = tone
    ? { backgroundColor: colourCode ?? undefined }
    : undefined;
  return (
    <section
      ref={section}
      className={cx(
        "pui-banner",
        `pui-banner--${kind}`,
        tone && `pui-banner--on-${tone === "dark" ? "light" : "dark"}`,
      )}
      style={style}
      aria-label={label}
      data-tone={tone ?? "default"}
    >
      <div className="pui-container pui-banner__inner">
        <div className="pui-banner__body">{children}</div>
        {onClose ? (
          <button
            type="button"
            className="pui-banner__close"
            onClick={close}
            aria-label={intl.formatMessage(uiMessages.closeBanner, { title: label })}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : null}
      </div>
    </section>
  );
}
