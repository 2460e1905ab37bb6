import { Link } from "@tanstack/react-router";
import { buttonClassName } from "@portal/ui";
import { useIntl } from "react-intl";
import { useConfig, whatsappUrl } from "../../../shared/config";
import { supportMessages } from "./messages";

/** "Still need help?": the customer-service WhatsApp link from the configuration (and contact-us when enabled). */
export function WhatsappHelp({ topic }: { topic?: string }) {
  const intl = useIntl();
  const config = useConfig();
  const base = whatsappUrl(config.whatsappNumber);
  const href = topic
    ? `${base}?text=${encodeURIComponent(intl.formatMessage(supportMessages.helpMessage, { topic }))}`
    : base;
  return (
    <aside className="support-help" aria-labelledby="support-help-title">
      <h2 id="support-help-title">{intl.formatMessage(supportMessages.helpTitle)}</h2>
      <p>{intl.formatMessage(supportMessages.helpBody)}</p>
      <p className="support-help__actions">
        <a
          className={buttonClassName("primary")}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="support-whatsapp"
        >
          {intl.formatMessage(supportMessages.helpLink)}
          <span className="pui-visually-hidden">
            {intl.formatMessage(supportMessages.helpNewTab)}
          </span>
        </a>
        {config.contactEnabled ? (
          <Link to="/contact-us" className="support-help__contact">
            {intl.formatMessage(supportMessages.contactLink)}
          </Link>
        ) : null}
      </p>
    </aside>
  );
}
