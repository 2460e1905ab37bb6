"use client";

import type { CSSProperties, ReactNode } from "react";
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

/** An announcement or promotion strip with a close button and brightness-aware text colour. */
export function Banner({ kind, label, colourCode, children, onClose }: BannerProps) {
  const intl = useIntl();
  const tone = bannerTextTone(colourCode);
  const style: CSSProperties | undefined = tone
    ? { backgroundColor: colourCode ?? undefined }
    : undefined;
  return (
    <section
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
            onClick={onClose}
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
