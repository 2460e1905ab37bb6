import type { LeadFlow } from "@portal/lead-flow";
import { Container, PageHeader } from "@portal/ui";
import type { Product } from "@portal/validation";
import { useIntl } from "react-intl";
import { languageSearchValue, useLanguage } from "../../../shared/language";
import { LeadJourney, useJourney } from "../../../shared/lead-journey";
import { continueJourney, continuing, retryJourney } from "../api/continue-journey";
import { continueMessages as messages } from "../messages";
import { OpeningLink } from "./opening-link";

/**
 * `/signup/continue/$code`: a sign-up handed over from another device ("Continue on your phone").
 * The journey redeems the code as it is created; once restored, the visitor goes on at the same
 * step on /signup. A used, expired or unknown code: the link no longer works.
 */
export function ContinuePage({ code, product }: { code: string; product: Product }) {
  const intl = useIntl();
  return (
    <Container>
      <PageHeader title={intl.formatMessage(messages.pageTitle)} />
      <LeadJourney product={product} created={(flow: LeadFlow) => void continueJourney(flow, code)}>
        <Continuing code={code} product={product} />
      </LeadJourney>
    </Container>
  );
}

function Continuing({ code, product }: { code: string; product: Product }) {
  const { lang } = useLanguage();
  const { state, flow } = useJourney();
  const error = state.errors.continueJourney;
  return (
    <OpeningLink
      pending={continuing(code)}
      failure={
        error && {
          gone:
            error.statusCode === 404 ||
            error.code === "invalid-input" ||
            error.reason === "handoff.unusable",
        }
      }
      search={{ ...(product === "tv" ? { product } : {}), language: languageSearchValue(lang) }}
      goneTestId="continue-gone"
      messages={messages}
      onRetry={() => void retryJourney(flow, code)}
    />
  );
}
