import { RegisterInterest } from "@portal/lead-flow/sign-up";
import { Container, PageHeader } from "@portal/ui";
import type { Product } from "@portal/validation";
import { useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useConfig } from "../../../shared/config";
import { LeadJourney } from "../../../shared/lead-journey";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { registerInterestPageMessages } from "../messages";

/** Register interest in a product (no lead token), prefilled by the journey. */
export function RegisterInterestPage({ product }: { product: Product }) {
  const intl = useIntl();
  const messages = registerInterestPageMessages;
  const title = intl.formatMessage(messages.title, {
    product: useConfig().products.find((p) => p.key === product)?.name ?? product,
  });
  const lead = intl.formatMessage(product === "tv" ? messages.tvLead : messages.lead);
  usePageAnalytics({ pageType: "register_interest", product });
  return (
    <Container>
      <Crumbs trail={[{ key: "register-interest", label: title }]} />
      <PageHeader title={title} lead={lead} />
      <LeadJourney product={product}>
        <RegisterInterest />
      </LeadJourney>
    </Container>
  );
}
