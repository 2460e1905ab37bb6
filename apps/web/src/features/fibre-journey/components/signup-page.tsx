import { hasSavedJourney } from "@portal/lead-flow";
import { SignUpLoading, SignUpNotStarted } from "@portal/lead-flow/sign-up";
import { Container, PageHeader } from "@portal/ui";
import type { Product } from "@portal/validation";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useConfig } from "../../../shared/config";
import { useJourneyNavigation } from "../../../shared/journey-navigation";
import { hasBrowserLeadFlow } from "../../../shared/lead-flow";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { signupPageMessages } from "../messages";

const importJourney = () => import("./signup-journey");
const SignupJourney = lazy(importJourney);

/** Whether this browser has a journey of the product: one a page created, or one in storage. */
const hasJourney = (product: Product) =>
  hasBrowserLeadFlow(product) || hasSavedJourney({ product });
const noSubscription = () => () => undefined;

/**
 * The sign-up form: plan, details, OTP, consent, documents, slot, review; resumes at the saved
 * step. Issue 22: the page loads what the visible step needs. The server (which cannot read the
 * visitor's storage) and the hydrating render draw the placeholder; then, in the browser, a
 * visitor with a journey gets it (the flow's code, then the step's: LazySignUpStepper) and one
 * without gets the pointer to the address step, which needs no flow code.
 */
export function SignupPage({ product }: { product: Product }) {
  const intl = useIntl();
  const productName = useConfig().products.find((p) => p.key === product)?.name;
  const title = intl.formatMessage(signupPageMessages.title, { product: productName ?? product });
  usePageAnalytics({ pageType: "fibre_signup", product });
  const navigation = useJourneyNavigation(product);
  // undefined on the server and while hydrating (the server's HTML), then the browser's answer.
  const journey = useSyncExternalStore(
    noSubscription,
    () => hasJourney(product),
    () => undefined,
  );
  // The journey's code starts loading in the render that hydrates, not after its commit.
  if (typeof window !== "undefined" && hasJourney(product)) importJourney().catch(() => undefined);
  return (
    <Container>
      <Crumbs trail={[{ key: "signup", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(signupPageMessages.lead)} />
      {journey === undefined ? (
        <SignUpLoading />
      ) : journey ? (
        <Suspense fallback={<SignUpLoading />}>
          <SignupJourney product={product} />
        </Suspense>
      ) : (
        <SignUpNotStarted product={product} productName={productName} navigation={navigation} />
      )}
    </Container>
  );
}
