import { Link } from "@tanstack/react-router";
import { buttonClassName } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { useConfig, whatsappUrl } from "../config";

const messages = defineMessages({
  heading: {
    id: "shell.next.heading",
    defaultMessage: "Get {name}",
    description: "Heading of a product page's next step; name = the plan, pack, channel or movie",
  },
  tvPlan: {
    id: "shell.next.tv-plan",
    defaultMessage:
      "Sign up online in a few minutes: give your address, confirm {name} and your details. No payment now: installation first.",
    description: "Next step text on a TV package page",
  },
  tvPack: {
    id: "shell.next.tv-pack",
    defaultMessage:
      "New to Suria TV? Sign up with {name} added to the package you choose. Already a customer? Add it on WhatsApp.",
    description: "Next step text on an add-on pack page",
  },
  channel: {
    id: "shell.next.channel",
    defaultMessage:
      "New to Suria TV? Sign up with the pack that carries {name}. Already a customer? Add it on WhatsApp.",
    description: "Next step text on a channel page",
  },
  movie: {
    id: "shell.next.movie",
    defaultMessage:
      "Rent {name} on your Suria TV decoder or app. Not a customer yet? Sign up for Suria TV first.",
    description: "Next step text on a movie page",
  },
  fibrePlan: {
    id: "shell.next.fibre-plan",
    defaultMessage:
      "Check that Suria Fibre reaches your home, then sign up for {name} in a few minutes.",
    description: "Next step text on a bundle page (TV and fibre)",
  },
  signUp: {
    id: "shell.next.sign-up",
    defaultMessage: "Sign up for {name}",
    description: "Primary action: into the sign-up journey",
  },
  signUpTv: {
    id: "shell.next.sign-up-tv",
    defaultMessage: "Sign up for Suria TV",
    description: "Primary action on a movie or channel page",
  },
  checkCoverage: {
    id: "shell.next.check-coverage",
    defaultMessage: "Check coverage for {name}",
    description: "Primary action on a bundle page",
  },
  interest: {
    id: "shell.next.interest",
    defaultMessage: "Rather talk to us? Register interest and we call you",
    description: "Secondary action: register interest",
  },
  whatsapp: {
    id: "shell.next.whatsapp",
    defaultMessage: "Chat with us on WhatsApp",
    description: "Secondary action: customer-service WhatsApp",
  },
  dealers: {
    id: "shell.next.dealers",
    defaultMessage: "Find a Suria dealer near you",
    description: "Secondary action: dealers by state",
  },
  newTab: {
    id: "shell.next.new-tab",
    defaultMessage: "(opens WhatsApp in a new tab)",
    description: "Screen reader hint after the WhatsApp link",
  },
});

/**
 * What a product page leads to (openapi/content.yaml, "the next step of a TV shopper"): a TV plan,
 * pack, channel or movie into the TV sign-up (`/coverage?product=tv`, with the plan or pack
 * preselected), a bundle into the fibre coverage check with the bundle preselected.
 */
export type NextStepTarget =
  | { kind: "tvPlan"; packageId: string; name: string }
  | { kind: "tvPack"; addOnId: string; name: string }
  | { kind: "channel"; addOnId?: string; name: string }
  | { kind: "movie"; name: string }
  | { kind: "fibrePlan"; packageId: string; name: string };

/** The sign-up link of a target, as /coverage search values. */
function journeySearch(target: NextStepTarget) {
  switch (target.kind) {
    case "tvPlan":
      return { product: "tv" as const, package: target.packageId };
    case "tvPack":
      return { product: "tv" as const, addOn: target.addOnId };
    case "channel":
      return { product: "tv" as const, ...(target.addOnId ? { addOn: target.addOnId } : {}) };
    case "movie":
      return { product: "tv" as const };
    case "fibrePlan":
      return { package: target.packageId };
  }
}

/**
 * The next step of a product page: sign up through the lead journey, or register interest,
 * WhatsApp or a dealer. One component, rendered by the detail frame (DetailLayout).
 */
export function NextStep({ target }: { target: NextStepTarget }) {
  const intl = useIntl();
  const config = useConfig();
  const { name } = target;
  const primary =
    target.kind === "fibrePlan"
      ? intl.formatMessage(messages.checkCoverage, { name })
      : target.kind === "movie" || target.kind === "channel"
        ? intl.formatMessage(messages.signUpTv)
        : intl.formatMessage(messages.signUp, { name });
  return (
    <section className="next-step" aria-labelledby="next-step-heading" data-testid="next-step">
      <h2 id="next-step-heading">{intl.formatMessage(messages.heading, { name })}</h2>
      <p>{intl.formatMessage(messages[target.kind], { name })}</p>
      <p>
        <Link
          to="/coverage"
          search={journeySearch(target)}
          className={buttonClassName("primary")}
          data-testid="next-step-sign-up"
        >
          {primary}
        </Link>
      </p>
      <ul className="next-step__more">
        <li>
          <Link
            to="/register-interest"
            search={target.kind === "fibrePlan" ? {} : { product: "tv" }}
          >
            {intl.formatMessage(messages.interest)}
          </Link>
        </li>
        <li>
          <a href={whatsappUrl(config.whatsappNumber)} target="_blank" rel="noopener noreferrer">
            {intl.formatMessage(messages.whatsapp)}
            <span className="pui-visually-hidden"> {intl.formatMessage(messages.newTab)}</span>
          </a>
        </li>
        <li>
          <Link to="/distributors">{intl.formatMessage(messages.dealers)}</Link>
        </li>
      </ul>
    </section>
  );
}
