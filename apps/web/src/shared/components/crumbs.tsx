import { Link } from "@tanstack/react-router";
import { Breadcrumbs } from "@portal/ui";
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { shellMessages } from "../messages";

/** Breadcrumbs starting at Home; pass the trail after it (the last item is the current page). */
export function Crumbs({ trail }: { trail: Array<{ key: string; label: ReactNode }> }) {
  const intl = useIntl();
  return (
    <Breadcrumbs
      items={[
        { key: "home", label: <Link to="/">{intl.formatMessage(shellMessages.home)}</Link> },
        ...trail,
      ]}
    />
  );
}
