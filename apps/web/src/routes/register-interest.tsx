import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-product";
import { RegisterInterestPage } from "../features/fibre-journey/components/register-interest-page";
import { messageHead, productName } from "../shared/route-head";
import { registerInterestPageMessages as messages } from "../features/fibre-journey/messages";

type Residence = "landed" | "multiStorey";

export const Route = createFileRoute("/register-interest")({
  validateSearch: (
    search: Record<string, unknown>,
  ): { product?: "tv"; postcode?: string; residence?: Residence } => ({
    ...productSearch(productOf(search)),
    postcode:
      typeof search.postcode === "string" && search.postcode.length <= 5
        ? search.postcode
        : undefined,
    residence:
      search.residence === "landed" || search.residence === "multiStorey"
        ? search.residence
        : undefined,
  }),
  head: ({ match }) => {
    const product = match.search.product ?? "fibre";
    return messageHead(match, {
      path: "/register-interest",
      title: messages.title,
      description: product === "tv" ? messages.tvLead : messages.lead,
      values: { product: productName(match, product) },
      noindex: true,
    });
  },
  component: RegisterInterestRoute,
});

function RegisterInterestRoute() {
  const search = Route.useSearch();
  return (
    <RegisterInterestPage
      product={productOf(search)}
      postcode={search.postcode}
      residence={search.residence}
    />
  );
}
