import { SiteHeader, SkipLink } from "@portal/ui";
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { shellMessages } from "../messages";

/**
 * The frame of a page the root route could not render (its error boundary, inside the document
 * and the IntlProvider): skip link, the brand's header and the error in <main>, in the page's
 * language. Without it an error above the pages (a banner failing after hydration, say) reached
 * the router's default "Something went wrong!" outside the IntlProvider.
 */
export function ErrorFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <>
      <SkipLink />
      <SiteHeader
        brand={
          <a href="/" aria-label={intl.formatMessage(shellMessages.brandHome)}>
            <span className="brand-mark" aria-hidden="true" />
            {intl.formatMessage(shellMessages.brand)}
          </a>
        }
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
