import { Link } from "@tanstack/react-router";
import type { Entitlement } from "@portal/lead-flow";
import {
  Button,
  Container,
  EmptyState,
  ErrorState,
  LoadingRegion,
  PageHeader,
  SkeletonText,
} from "@portal/ui";
import { useEffect, useRef, useState } from "react";
import { defineMessages, useIntl, type MessageDescriptor } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { useConfig, whatsappUrl } from "../../../shared/config";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { LeadJourney, useJourney } from "../../../shared/lead-journey";
import { checkEntitledFibre } from "../api/check-entitled";
import "./entitled.css";
import { entitledPageMessages } from "../messages";

const messages = {
  ...entitledPageMessages,
  ...defineMessages({
    missingTitle: {
      id: "entitled.missing.title",
      defaultMessage: "This link is incomplete",
      description: "No product token in the URL",
    },
    missingBody: {
      id: "entitled.missing.body",
      defaultMessage:
        "Open the offer from the link in your Suria message or app. It carries the key to your account.",
      description: "No product token in the URL",
    },
    account: { id: "entitled.account", defaultMessage: "Account", description: "Fact label" },
    smartCard: {
      id: "entitled.smart-card",
      defaultMessage: "Smart card",
      description: "Fact label",
    },
    entitledTitle: {
      id: "entitled.yes.title",
      defaultMessage: "Good news: your account can get the offer",
      description: "Entitled heading",
    },
    offer: {
      id: "entitled.offer",
      defaultMessage:
        "{name}: RM{price}/month for {months, plural, one {# month} other {# months}}",
      description: "The offer",
    },
    claim: { id: "entitled.claim", defaultMessage: "Claim the offer", description: "Button" },
    claiming: { id: "entitled.claiming", defaultMessage: "Claiming…", description: "In progress" },
    claimedTitle: {
      id: "entitled.claimed.title",
      defaultMessage: "Offer claimed",
      description: "After a claim",
    },
    claimedBody: {
      id: "entitled.claimed.body",
      defaultMessage:
        "Your reference is {reference}. We will call you to arrange the installation.",
      description: "After a claim, with the reference",
    },
    alreadyClaimed: {
      id: "entitled.already-claimed",
      defaultMessage: "This account has already claimed the offer.",
      description: "Claimed before",
    },
    notEntitledTitle: {
      id: "entitled.no.title",
      defaultMessage: "This account cannot get the offer",
      description: "Not entitled heading",
    },
    seePlans: {
      id: "entitled.see-plans",
      defaultMessage: "See all Suria Fibre plans",
      description: "Link to the fibre product page",
    },
    codeInvalidToken: {
      id: "entitled.code.ASTRO_FIBRE_INVALID_TOKEN",
      defaultMessage:
        "This link has expired or is not valid. Open the offer again from your Suria app or message.",
      description: "Entitled-fibre error ASTRO_FIBRE_INVALID_TOKEN",
    },
    codeNotEntitled: {
      id: "entitled.code.ASTRO_FIBRE_NOT_ENTITLED",
      defaultMessage: "Your Suria TV account is not eligible for the Suria Fibre offer.",
      description: "Entitled-fibre error ASTRO_FIBRE_NOT_ENTITLED",
    },
    codeAlreadyClaimed: {
      id: "entitled.code.ASTRO_FIBRE_ALREADY_CLAIMED",
      defaultMessage: "The offer has already been claimed for this account.",
      description: "Entitled-fibre error ASTRO_FIBRE_ALREADY_CLAIMED",
    },
    codeOther: {
      id: "entitled.code.other",
      defaultMessage: "We could not check the offer (code {code}). Chat with us on WhatsApp.",
      description: "Any other entitled-fibre error code",
    },
    errorTitle: {
      id: "entitled.error.title",
      defaultMessage: "We could not check the offer",
      description: "Entitled-fibre error heading",
    },
    networkBody: {
      id: "entitled.error.network",
      defaultMessage: "The service did not answer. Check your connection, then try again.",
      description: "No answer from the service",
    },
    whatsapp: {
      id: "entitled.whatsapp",
      defaultMessage: "Chat with us on WhatsApp",
      description: "WhatsApp link",
    },
  }),
};

const CODE_MESSAGES: Record<string, MessageDescriptor> = {
  ASTRO_FIBRE_INVALID_TOKEN: messages.codeInvalidToken,
  ASTRO_FIBRE_NOT_ENTITLED: messages.codeNotEntitled,
  ASTRO_FIBRE_ALREADY_CLAIMED: messages.codeAlreadyClaimed,
};

function CodeMessage({ code }: { code: string }) {
  const intl = useIntl();
  const known = CODE_MESSAGES[code];
  return (
    <p data-testid="entitled-code" data-code={code}>
      {known ? intl.formatMessage(known) : intl.formatMessage(messages.codeOther, { code })}
    </p>
  );
}

function Claim({ token }: { token: string }) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  const { state, flow } = useJourney();
  const [asked, setAsked] = useState(false);
  const claim = state.entitled.claim;
  useEffect(() => {
    if (claim) heading.current?.focus();
  }, [claim]);
  if (claim) {
    return (
      <div className="entitled-claimed" data-testid="entitled-claimed">
        <h3 ref={heading} tabIndex={-1}>
          {intl.formatMessage(messages.claimedTitle)}
        </h3>
        <p>{intl.formatMessage(messages.claimedBody, { reference: claim.reference })}</p>
      </div>
    );
  }
  const error = asked ? state.errors.checkEntitled : undefined;
  const busy = state.loading.checkEntitled;
  return (
    <>
      <Button
        onClick={() => {
          setAsked(true);
          flow.checkEntitled({ productToken: token, claim: true }).catch(() => undefined);
        }}
        disabled={busy}
      >
        {intl.formatMessage(busy ? messages.claiming : messages.claim)}
      </Button>
      {error ? (
        <div role="alert" className="entitled-alert">
          {error.code === "entitled-rejected" && error.entitledCode ? (
            <CodeMessage code={error.entitledCode} />
          ) : (
            <p>{intl.formatMessage(messages.networkBody)}</p>
          )}
        </div>
      ) : null}
    </>
  );
}

function Result({ token, entitlement }: { token: string; entitlement: Entitlement }) {
  const intl = useIntl();
  const facts = (
    <dl className="facts entitled-facts">
      <dt>{intl.formatMessage(messages.account)}</dt>
      <dd>{entitlement.accountNumber}</dd>
      <dt>{intl.formatMessage(messages.smartCard)}</dt>
      <dd>{entitlement.smartCardNumber}</dd>
    </dl>
  );
  if (!entitlement.entitled) {
    return (
      <section className="entitled-result" data-testid="entitled-result" data-entitled="false">
        <h2>{intl.formatMessage(messages.notEntitledTitle)}</h2>
        <CodeMessage code="ASTRO_FIBRE_NOT_ENTITLED" />
        {facts}
        <Link to="/$product" params={{ product: "fibre" }}>
          {intl.formatMessage(messages.seePlans)}
        </Link>
      </section>
    );
  }
  const offer = entitlement.offer;
  return (
    <section
      className="entitled-result entitled-result--yes"
      data-testid="entitled-result"
      data-entitled="true"
    >
      <h2>{intl.formatMessage(messages.entitledTitle)}</h2>
      {offer ? (
        <p className="entitled-offer">
          {intl.formatMessage(messages.offer, {
            name: offer.name,
            price: intl.formatNumber(offer.monthlyPrice, { minimumFractionDigits: 0 }),
            months: offer.discountedMonths,
          })}
        </p>
      ) : null}
      {facts}
      {entitlement.claimed ? (
        <p>{intl.formatMessage(messages.alreadyClaimed)}</p>
      ) : (
        <Claim token={token} />
      )}
    </section>
  );
}

/**
 * The check's result, through the fibre lead flow (its token rule and error mapping). The route
 * asks the flow for the check when the page opens (routes/entitled-fibre.tsx); Try again asks
 * again.
 */
function EntitledCheck({ token }: { token?: string }) {
  const intl = useIntl();
  const config = useConfig();
  const { state, flow } = useJourney();
  const data = state.entitled.data;
  const error = state.errors.checkEntitled;

  if (data && token) return <Result token={token} entitlement={data} />;
  if (error?.code === "missing-product-token") {
    return (
      <EmptyState title={intl.formatMessage(messages.missingTitle)}>
        <p data-testid="entitled-missing">{intl.formatMessage(messages.missingBody)}</p>
      </EmptyState>
    );
  }
  if (error?.code === "entitled-rejected" && error.entitledCode) {
    return (
      <section className="entitled-result" data-testid="entitled-result" data-entitled="error">
        <div role="alert">
          <h2>{intl.formatMessage(messages.errorTitle)}</h2>
          <CodeMessage code={error.entitledCode} />
        </div>
        <p className="entitled-links">
          <Link to="/$product" params={{ product: "fibre" }}>
            {intl.formatMessage(messages.seePlans)}
          </Link>
          <a href={whatsappUrl(config.whatsappNumber)} target="_blank" rel="noopener noreferrer">
            {intl.formatMessage(messages.whatsapp)}
          </a>
        </p>
      </section>
    );
  }
  if (error) {
    return (
      <ErrorState
        title={intl.formatMessage(messages.errorTitle)}
        onRetry={() => void flow.checkEntitled({ productToken: token }).catch(() => undefined)}
      >
        <p>{intl.formatMessage(messages.networkBody)}</p>
      </ErrorState>
    );
  }
  return (
    <LoadingRegion>
      <SkeletonText lines={4} />
    </LoadingRegion>
  );
}

/**
 * The entitled-fibre check for the product token in the URL (`?token=`), through
 * @portal/lead-flow's `checkEntitled`: its '{product} Token is unavailable' rule and its mapping
 * of the service's error codes (SPEC section 8) run here.
 */
export function EntitledPage({ token }: { token?: string }) {
  const intl = useIntl();
  const title = intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "entitled_fibre", product: "fibre" });
  return (
    <Container>
      <Crumbs trail={[{ key: "entitled", label: title }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <div className="entitled-body">
        <LeadJourney product="fibre" created={(flow) => checkEntitledFibre(flow, token)}>
          <EntitledCheck token={token} />
        </LeadJourney>
      </div>
    </Container>
  );
}
