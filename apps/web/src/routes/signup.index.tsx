import { createFileRoute } from "@tanstack/react-router";
// The combo list query of the content pages (same cache key as the journey's): importing the
// journey's api module here would put @portal/lead-flow in the entry chunk of every page.
import { comboListQueryOptions } from "../features/combos/api/get-combos";
import { SignupPage } from "../features/fibre-journey/components/signup-page";
import { currentLanguage } from "../shared/language";

export const Route = createFileRoute("/signup/")({
  // The package list is needed at the last step: fetch it early, but never hold the page for it.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(comboListQueryOptions(currentLanguage(), "fibre"));
  },
  component: SignupPage,
});
