import { createFileRoute } from "@tanstack/react-router";
import { productOf, productSearch } from "../features/fibre-journey/api/journey-search";
import { defineMessages } from "react-intl";
import { RegisterInterestPage } from "../features/fibre-journey/components/register-interest-page";
import { messageHead } from "../shared/route-head";

type Residence = "landed" | "multiStorey";

const messages = defineMessages({
  title: {
    id: "interest.title",
    defaultMessage: "Register your interest in Suria Fibre",
    description: "Register interest page heading and document title",
  },
  lead: {
    id: "interest.lead",
    defaultMessage:
      "Fibre is not at your address yet? Leave your details and we will tell you as soon as it arrives.",
    description: "Register interest page intro and meta description",
  },
});

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
  head: ({ match }) =>
    messageHead(match, {
      path: "/register-interest",
      title: messages.title,
      description: messages.lead,
      noindex: true,
    }),
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
