"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { uiMessages } from "./messages.js";

/** A centred, padded column with the site's maximum width. */
export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={className ? `pui-container ${className}` : "pui-container"}>{children}</div>
  );
}

/** The first focusable element of a page: jumps to the element with id `targetId`. */
export function SkipLink({ targetId = "main" }: { targetId?: string }) {
  const intl = useIntl();
  return (
    <a className="pui-skip-link" href={`#${targetId}`}>
      {intl.formatMessage(uiMessages.skipToContent)}
    </a>
  );
}

/** Props of SiteHeader: a brand slot, a navigation slot and a language switcher slot. */
export interface SiteHeaderProps {
  brand: ReactNode;
  nav?: ReactNode;
  languageSwitcher?: ReactNode;
}

/**
 * The site header: brand, language switcher and main navigation. From 64rem the navigation is a
 * row beside the brand; below it sits behind a "Menu" button (a disclosure: aria-expanded,
 * aria-controls) and opens as a list under the header, so a phone sees every section without
 * scrolling a strip sideways. Escape closes it and returns focus to the button; following a link
 * closes it.
 */
export function SiteHeader({ brand, nav, languageSwitcher }: SiteHeaderProps) {
  const intl = useIntl();
  const navId = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <header className="pui-header">
      <div className="pui-container pui-header__inner">
        <div className="pui-header__brand">{brand}</div>
        {languageSwitcher ? <div className="pui-header__lang">{languageSwitcher}</div> : null}
        {nav ? (
          <>
            <button
              ref={toggle}
              type="button"
              className="pui-header__menu"
              aria-expanded={open}
              aria-controls={navId}
              onClick={() => setOpen((was) => !was)}
            >
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
                {open ? (
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" />
                ) : (
                  <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" />
                )}
              </svg>
              {intl.formatMessage(uiMessages.menu)}
            </button>
            <div
              id={navId}
              className="pui-header__nav"
              data-open={open || undefined}
              onClick={(event) => {
                if ((event.target as Element).closest("a")) setOpen(false);
              }}
            >
              {nav}
            </div>
          </>
        ) : null}
      </div>
    </header>
  );
}

/** The site footer; children are laid out in responsive columns. */
export function SiteFooter({ children, bottom }: { children?: ReactNode; bottom?: ReactNode }) {
  return (
    <footer className="pui-footer">
      <div className="pui-container">
        {children ? <div className="pui-footer__cols">{children}</div> : null}
        {bottom ? <div className="pui-footer__bottom">{bottom}</div> : null}
      </div>
    </footer>
  );
}

/** A page heading with an optional lead paragraph and actions. */
export function PageHeader({
  title,
  lead,
  actions,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="pui-page-header">
      <h1 className="pui-page-header__title">{title}</h1>
      {lead ? <p className="pui-page-header__lead">{lead}</p> : null}
      {actions ? <div className="pui-page-header__actions">{actions}</div> : null}
    </div>
  );
}

/** Text that is read by screen readers but not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="pui-visually-hidden">{children}</span>;
}
