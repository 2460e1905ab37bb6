import { createFileRoute } from "@tanstack/react-router";
import { fibreCombosQueryOptions } from "../features/fibre-journey/api/lead-flow";
import { SignupPage } from "../features/fibre-journey/components/signup-page";
import { currentLanguage } from "../shared/language";

export const Route = createFileRoute("/signup/")({
  // The package list is needed at the last step: fetch it early, but never hold the page for it.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(fibreCombosQueryOptions(currentLanguage()));
  },
  component: SignupPage,
});
