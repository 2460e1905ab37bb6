import { useRouter } from "@tanstack/react-router";
import { Container, ErrorState, SiteHeader, SkipLink } from "@portal/ui";
import { useIntl } from "react-intl";
import { WhatsappLink } from "./whatsapp-link";
import { shellMessages } from "../messages";

/**
 * The page when the configuration cannot be read (the config service is down and the server has
 * no copy): the brand, the visitor's language, "Try again", and the WhatsApp contact (the number
 * the server was deployed with, see apps/web/README.md).
 */
export function StartupError() {
  const intl = useIntl();
  const router = useRouter();
  const whatsapp = globalThis.__PORTAL_CONFIG__?.whatsappNumber;
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
        <Container>
          <ErrorState
            title={intl.formatMessage(shellMessages.configErrorTitle)}
            onRetry={() => void router.invalidate()}
            action={
              whatsapp ? (
                <WhatsappLink number={whatsapp} className="pui-button pui-button--secondary" />
              ) : null
            }
          >
            <p>{intl.formatMessage(shellMessages.errorBody)}</p>
          </ErrorState>
        </Container>
      </main>
    </>
  );
}
