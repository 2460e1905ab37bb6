import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { useCallback } from "react";
import { isReferralCode, normaliseReferralCode } from "@portal/validation";
import { referralInfoQueryOptions } from "../features/referral/api/referral";
import { ReferralPage } from "../features/referral/components/referral-page";
import { optionalString } from "../shared/search-params";
import { messageHead } from "../shared/route-head";

const messages = defineMessages({
  title: {
    id: "referral.title",
    defaultMessage: "Referrals",
    description: "Referral page title",
  },
  lead: {
    id: "referral.lead",
    defaultMessage:
      "Got a referral code from a friend? See what it gives you, and follow your referral until the reward is paid.",
    description: "Referral page intro and meta description",
  },
});

export const Route = createFileRoute("/referral")({
  validateSearch: (search: Record<string, unknown>): { code?: string } => {
    // Normalised and checked by the loader and the page (with valibot-free helpers: the route
    // tree is in the shell chunk).
    return { code: optionalString(search.code) };
  },
  loaderDeps: ({ search }) => ({ code: search.code }),
  // Prefetch only: an unknown code is a message on the page, not a 404 page.
  // A code the rule refuses is shown as such on the page, with no request.
  loader: async ({ context: { queryClient, lang }, deps }) => {
    const code = deps.code ? normaliseReferralCode(deps.code) : "";
    // Only a code of the right shape is asked for; the page names the rule for any other.
    if (isReferralCode(code)) {
      await queryClient.prefetchQuery(referralInfoQueryOptions(lang, code));
    }
  },
  head: ({ match }) =>
    messageHead(match, {
      path: "/referral",
      title: messages.title,
      description: messages.lead,
      noindex: true,
    }),
  component: ReferralRoute,
});

function ReferralRoute() {
  const { code } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onCode = useCallback(
    (next: string | undefined) => void navigate({ search: (prev) => ({ ...prev, code: next }) }),
    [navigate],
  );
  return <ReferralPage code={code ? normaliseReferralCode(code) : undefined} onCode={onCode} />;
}
