import { useIntl } from "react-intl";
import { whatsappUrl } from "../config";
import { shellMessages } from "../messages";

/** The customer-service WhatsApp link (a new window, said to screen readers): footer and startup error. */
export function WhatsappLink({ number, className }: { number: string; className?: string }) {
  const intl = useIntl();
  return (
    <a
      className={className}
      href={whatsappUrl(number)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="whatsapp-link"
    >
      {intl.formatMessage(shellMessages.whatsapp)}
      <span className="pui-visually-hidden">
        {intl.formatMessage(shellMessages.whatsappNewWindow)}
      </span>
    </a>
  );
}
