// The journey's code of the coverage page, loaded on demand (coverage-page.tsx says when).
import type { EntrySearch } from "@portal/lead-flow";
import { AddressStep } from "@portal/lead-flow/sign-up";
import type { Product } from "@portal/validation";
import { LeadJourney } from "../../../shared/lead-journey";

/** The address step (search, picker, coverage) over the product's journey and the page's link. */
export default function CoverageJourney({
  product,
  entry,
}: {
  product: Product;
  entry: EntrySearch;
}) {
  return (
    <LeadJourney product={product} entry={entry}>
      <AddressStep />
    </LeadJourney>
  );
}
