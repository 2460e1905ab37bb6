import { LazySignUpStepper } from "@portal/lead-flow/sign-up";
import { Container, PageHeader } from "@portal/ui";
import type { Product } from "@portal/validation";
import { useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useConfig } from "../../../shared/config";
import { LeadJourney } from "../../../shared/lead-journey";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { signupPageMessages } from "../messages";

/**
 * The sign-up form: plan, details, OTP, consent, documents, slot, review; resumes at the saved
 * step. Each step's code loads when the journey reaches it (LazySignUpStepper).
 */
export function SignupPage({ product }: { product: Product }) {
  const intl = useIntl();
  const title = intl.formatMessage(signupPageMessages.title, {
    product: useConfig().products.find((p) => p.key === product)?.name ?? product,
  });
  usePageAnalytics({ pageType: "fibre_signup", product });
  return (
    <Container>
      <Crumbs trail={[{ key: "signup", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(signupPageMessages.lead)} />
      <LeadJourney product={product}>
        <LazySignUpStepper />
      </LeadJourney>
    </Container>
  );
}
