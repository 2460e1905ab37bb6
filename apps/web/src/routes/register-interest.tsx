import { createFileRoute } from "@tanstack/react-router";
import { RegisterInterestPage } from "../features/fibre-journey/components/register-interest-page";

type Residence = "landed" | "multiStorey";

export const Route = createFileRoute("/register-interest")({
  validateSearch: (
    search: Record<string, unknown>,
  ): { postcode?: string; residence?: Residence } => ({
    postcode:
      typeof search.postcode === "string" && search.postcode.length <= 5
        ? search.postcode
        : undefined,
    residence:
      search.residence === "landed" || search.residence === "multiStorey"
        ? search.residence
        : undefined,
  }),
  component: RegisterInterestRoute,
});

function RegisterInterestRoute() {
  const { postcode, residence } = Route.useSearch();
  return <RegisterInterestPage postcode={postcode} residence={residence} />;
}
