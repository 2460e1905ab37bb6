"use client";

import type { Product } from "@portal/validation";
import { EmptyState, SkeletonText, buttonClassName } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import type { SignUpNavigation } from "./context.js";
import { common } from "./messages.js";
import { NavigationLink } from "./place-link.js";

// No flow here: a host draws these before it loads the journey's code (SignUpNotStarted when
// storage holds no journey, see hasSavedJourney), and the stepper draws them with its journey.

const messages = defineMessages({
  notStartedTitle: {
    id: "signup.not-started.title",
    defaultMessage: "Start by checking your address",
    description: "Heading when the sign-up is opened without a journey",
  },
  notStartedBody: {
    id: "signup.not-started.body",
    defaultMessage: "Sign-up opens once we know {product} is available at your home.",
    description: "Text when the fibre sign-up is opened without a journey",
  },
  notStartedTvBody: {
    id: "signup.not-started.tv.body",
    defaultMessage:
      "{product} comes by satellite, so it reaches every home: tell us where to install it, then choose your package.",
    description: "Text when the TV sign-up is opened without a journey",
  },
});

/** The placeholder while the saved journey is read or a step's code loads (announced once). */
export function SignUpLoading() {
  const intl = useIntl();
  return (
    <div aria-busy="true" role="status" aria-label={intl.formatMessage(common.loading)}>
      <SkeletonText lines={6} />
    </div>
  );
}

/** Props of SignUpNotStarted. */
export interface SignUpNotStartedProps {
  /** Product of the journey. */
  product: Product;
  /** The product's name as the host writes it (default: "Suria Fibre" or "Suria TV"). */
  productName?: string;
  /** How the link reaches the address step (see SignUpNavigation; without it, no link). */
  navigation?: SignUpNavigation;
}

/**
 * The sign-up opened without a journey: a pointer to the address step. Needs no flow, so a host
 * can show it without loading the journey's code when storage holds none (hasSavedJourney).
 */
export function SignUpNotStarted({ product, productName, navigation = {} }: SignUpNotStartedProps) {
  const intl = useIntl();
  const name =
    productName ?? intl.formatMessage(product === "tv" ? common.tvName : common.fibreName);
  return (
    <EmptyState
      title={<span data-testid="not-started">{intl.formatMessage(messages.notStartedTitle)}</span>}
      action={
        <NavigationLink
          navigation={navigation}
          place="address"
          className={buttonClassName("primary")}
        >
          {intl.formatMessage(product === "tv" ? common.checkAddress : common.checkCoverage)}
        </NavigationLink>
      }
    >
      <p>
        {intl.formatMessage(
          product === "tv" ? messages.notStartedTvBody : messages.notStartedBody,
          { product: name },
        )}
      </p>
    </EmptyState>
  );
}
