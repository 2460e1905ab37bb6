"use client";

import { Button } from "@portal/ui";
import { useEffect, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useSignUp } from "./context.js";
import { common } from "./messages.js";

const messages = defineMessages({
  open: {
    id: "signup.handoff.open",
    defaultMessage: "Continue on your phone",
    description: "Button that makes a link and a QR code to continue the sign-up on another device",
  },
  opening: {
    id: "signup.handoff.opening",
    defaultMessage: "Making your link…",
    description: "The handoff link is being made",
  },
  title: {
    id: "signup.handoff.title",
    defaultMessage: "Continue on your phone",
    description: "Heading of the handoff panel",
  },
  body: {
    id: "signup.handoff.body",
    defaultMessage:
      "Scan the code with your phone's camera, or open the link on it. You continue at the same step with what you have entered. The link works once, until {time}.",
    description: "How to use the handoff link and QR code; {time} is when it stops working",
  },
  qr: {
    id: "signup.handoff.qr",
    defaultMessage: "QR code of the link to continue your sign-up",
    description: "Alternative text of the QR code",
  },
  link: {
    id: "signup.handoff.link",
    defaultMessage: "Link to continue your sign-up",
    description: "Label of the handoff link",
  },
  failed: {
    id: "signup.handoff.failed",
    defaultMessage: "We could not make the link. Try again.",
    description: "Making the handoff link failed",
  },
});

const trackingMessages = defineMessages({
  title: {
    id: "signup.tracking.title",
    defaultMessage: "Follow your order",
    description: "Heading of the tracking link on the confirmation",
  },
  body: {
    id: "signup.tracking.body",
    defaultMessage:
      "Open this link on any device, no sign-in needed, to see where your order is. Keep it private: it works until {date}.",
    description: "What the tracking link is; {date} is when it stops working",
  },
  open: {
    id: "signup.tracking.open",
    defaultMessage: "See my order",
    description: "Link to the order's tracking page",
  },
});

const copyMessages = defineMessages({
  copy: {
    id: "signup.copy",
    defaultMessage: "Copy link",
    description: "Button that copies a link",
  },
  copied: {
    id: "signup.copied",
    defaultMessage: "Link copied",
    description: "The link was copied to the clipboard",
  },
  copyFailed: {
    id: "signup.copy.failed",
    defaultMessage: "Copy it by hand: select the link above.",
    description: "The clipboard refused the copy",
  },
});

/** Times as Malaysia reads them (the services' orders are Malaysian), on any device's clock. */
const MYT = { timeZone: "Asia/Kuala_Lumpur" } as const;

/**
 * The QR code of a URL as an SVG data URL, or undefined while `uqr` loads: it is loaded only once
 * a handoff exists, so the sign-up's first load does not carry it.
 */
function useQrCode(url: string | undefined): string | undefined {
  const [qr, setQr] = useState<{ url: string; src: string }>();
  useEffect(() => {
    if (!url) return;
    let live = true;
    void import("uqr").then(({ renderSVG }) => {
      const svg = renderSVG(url, { border: 2 });
      if (live) setQr({ url, src: `data:image/svg+xml;utf8,${encodeURIComponent(svg)}` });
    });
    return () => {
      live = false;
    };
  }, [url]);
  return qr !== undefined && qr.url === url ? qr.src : undefined;
}

/** A read-only link field with a copy button and a spoken result. */
function CopyLink({ url, label, testId }: { url: string; label: string; testId: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState<"yes" | "no" | undefined>();
  return (
    <div className="signup-copy">
      <label className="signup-copy__label">
        <span>{label}</span>
        <input
          className="signup-copy__field"
          readOnly
          value={url}
          data-testid={testId}
          onFocus={(event) => event.currentTarget.select()}
        />
      </label>
      <Button
        variant="secondary"
        onClick={() => {
          if (!navigator.clipboard) return setCopied("no");
          navigator.clipboard.writeText(url).then(
            () => setCopied("yes"),
            () => setCopied("no"),
          );
        }}
      >
        {intl.formatMessage(copyMessages.copy)}
      </Button>
      <p className="signup-copy__status" role="status">
        {copied === "yes"
          ? intl.formatMessage(copyMessages.copied)
          : copied === "no"
            ? intl.formatMessage(copyMessages.copyFailed)
            : ""}
      </p>
    </div>
  );
}

/**
 * "Continue on your phone" (issue 24): a button that hands the journey to another device, then
 * its link (copyable) and a QR code. Shown during the numbered steps when the host gives
 * `navigation.continueHref` (the absolute URL of its continue page for a code).
 */
export function ContinueOnPhone() {
  const intl = useIntl();
  const { state, flow, navigation } = useSignUp();
  const href = navigation.continueHref;
  const handoff = state.handoff;
  const url = handoff && href ? href(handoff.code) : undefined;
  const qr = useQrCode(url);
  if (!href || !state.hasToken) return null;
  const error = state.errors.handOff;
  return (
    <section className="signup-handoff" aria-labelledby="signup-handoff-title">
      {handoff && url ? (
        <>
          <h3 id="signup-handoff-title" className="signup-handoff__title">
            {intl.formatMessage(messages.title)}
          </h3>
          <p>
            {intl.formatMessage(messages.body, {
              time: intl.formatTime(handoff.expiresAt, {
                ...MYT,
                hour: "numeric",
                minute: "2-digit",
              }),
            })}
          </p>
          <div className="signup-handoff__qr">
            {qr ? (
              <img
                src={qr}
                alt={intl.formatMessage(messages.qr)}
                width={192}
                height={192}
                data-testid="handoff-qr"
              />
            ) : null}
          </div>
          <CopyLink url={url} label={intl.formatMessage(messages.link)} testId="handoff-link" />
        </>
      ) : (
        <>
          <h3 id="signup-handoff-title" className="pui-visually-hidden">
            {intl.formatMessage(messages.title)}
          </h3>
          <Button
            variant="secondary"
            disabled={state.loading.handOff}
            onClick={() => void flow.handOff().catch(() => undefined)}
            data-testid="handoff-open"
          >
            {intl.formatMessage(state.loading.handOff ? messages.opening : messages.open)}
          </Button>
          {error ? (
            <p className="signup-error" role="alert">
              {intl.formatMessage(
                error.code === "missing-token" ? common.requestFailed : messages.failed,
              )}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The order's tracking link on the confirmation (issue 24), when the host gives
 * `navigation.trackingHref` (the absolute URL of its tracking page for a token).
 */
export function TrackingLink() {
  const intl = useIntl();
  const { state, navigation } = useSignUp();
  const tracking = state.tracking;
  const url = tracking ? navigation.trackingHref?.(tracking.token) : undefined;
  if (!tracking || !url) return null;
  return (
    <section className="signup-tracking" aria-labelledby="signup-tracking-title">
      <h3 id="signup-tracking-title" className="signup-handoff__title">
        {intl.formatMessage(trackingMessages.title)}
      </h3>
      <p>
        {intl.formatMessage(trackingMessages.body, {
          date: intl.formatDate(tracking.expiresAt, { ...MYT, dateStyle: "long" }),
        })}
      </p>
      <p>
        <a href={url} data-testid="tracking-open">
          {intl.formatMessage(trackingMessages.open)}
        </a>
      </p>
      <CopyLink
        url={url}
        label={intl.formatMessage(trackingMessages.title)}
        testId="tracking-link"
      />
    </section>
  );
}
