"use client";

import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { uiMessages } from "./messages.js";

/** One crumb: `label` is text, or a link element rendered by the app's router. */
export interface Crumb {
  key: string;
  label: ReactNode;
}

/** A breadcrumb trail; the last crumb is the current page (aria-current="page"). */
export function Breadcrumbs({ items }: { items: ReadonlyArray<Crumb> }) {
  const intl = useIntl();
  return (
    <nav className="pui-breadcrumbs" aria-label={intl.formatMessage(uiMessages.breadcrumbs)}>
      <ol>
        {items.map((item, i) => (
          <li key={item.key} aria-current={i === items.length - 1 ? "page" : undefined}>
            {item.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
