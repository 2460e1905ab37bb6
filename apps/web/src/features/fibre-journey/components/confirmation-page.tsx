import { Confirmation } from "@portal/lead-flow/sign-up";
import { Container } from "@portal/ui";
import type { Product } from "@portal/validation";
import { useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { LeadJourney } from "../../../shared/lead-journey";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { confirmationPageMessages } from "../messages";

/** The end of the journey: the order number and the order (its heading is the page's title). */
export function ConfirmationPage({ product }: { product: Product }) {
  const intl = useIntl();
  const title = intl.formatMessage(confirmationPageMessages.pageTitle);
  usePageAnalytics({ pageType: "fibre_confirmation", product });
  return (
    <Container>
      <Crumbs trail={[{ key: "confirmation", label: title }]} />
      <LeadJourney product={product}>
        <Confirmation headingLevel={1} />
      </LeadJourney>
    </Container>
  );
}
