import { Confirmation, RegisterInterest, SignUpStepper } from "@portal/lead-flow/sign-up";
import { Container, PageHeader } from "@portal/ui";
import type { Product } from "@portal/validation";
import { useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useConfig } from "../../../shared/config";
import { LeadJourney } from "../../../shared/lead-journey";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import {
  confirmationPageMessages,
  registerInterestPageMessages,
  signupPageMessages,
} from "../messages";

/** The product's name as the configuration writes it ("Suria Fibre", "Suria TV"). */
function useProductName(product: Product): string {
  return useConfig().products.find((p) => p.key === product)?.name ?? product;
}

/** The sign-up form: plan, details, OTP, consent, documents, review; resumes at the saved step. */
export function SignupPage({ product }: { product: Product }) {
  const intl = useIntl();
  const title = intl.formatMessage(signupPageMessages.title, { product: useProductName(product) });
  usePageAnalytics({ pageType: "fibre_signup", product });
  return (
    <Container>
      <Crumbs trail={[{ key: "signup", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(signupPageMessages.lead)} />
      <LeadJourney product={product}>
        <SignUpStepper />
      </LeadJourney>
    </Container>
  );
}

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

/** Register interest in a product (no lead token), prefilled by the journey. */
export function RegisterInterestPage({ product }: { product: Product }) {
  const intl = useIntl();
  const messages = registerInterestPageMessages;
  const title = intl.formatMessage(messages.title, { product: useProductName(product) });
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
