import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { uiMessages } from "./messages";

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

/** The site header: brand, main navigation (wraps on small screens) and the language switcher. */
export function SiteHeader({ brand, nav, languageSwitcher }: SiteHeaderProps) {
  return (
    <header className="pui-header">
      <div className="pui-container pui-header__inner">
        <div className="pui-header__brand">{brand}</div>
        {languageSwitcher ? <div className="pui-header__lang">{languageSwitcher}</div> : null}
        {nav ? <div className="pui-header__nav">{nav}</div> : null}
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
