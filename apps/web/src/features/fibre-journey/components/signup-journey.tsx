import { LazySignUpStepper } from "@portal/lead-flow/sign-up";
import type { Product } from "@portal/validation";
import { LeadJourney } from "../../../shared/lead-journey";

/**
 * The numbered sign-up over the product's journey (its own chunk: the flow's code, which the
 * sign-up page loads only when this browser has a journey). Each step's code loads when the
 * journey reaches it (LazySignUpStepper).
 */
export default function SignupJourney({ product }: { product: Product }) {
  return (
    <LeadJourney product={product}>
      <LazySignUpStepper />
    </LeadJourney>
  );
}
