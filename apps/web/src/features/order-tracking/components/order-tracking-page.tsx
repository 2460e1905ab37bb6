import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { isApiError } from "@portal/api-client";
import { Container, PageHeader } from "@portal/ui";
import { useEffect, useRef, useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { useLanguage } from "../../../shared/language";
import {
  cancelOrder,
  orderSlotsQueryOptions,
  orderTrackingQueryOptions,
  rescheduleOrder,
  type OrderTracking,
  type SlotChoice,
} from "../api/order-tracking";
import { trackingMessages as messages } from "../messages";
import {
  trackingErrorOf,
  type TrackingDone,
  type TrackingError,
  type TrackingSearch,
} from "../search";
import { CancelOrder } from "./cancel-order";
import { ChangeSlot } from "./change-slot";
import { formatBooked, formatDate, formatWhen } from "./slot-format";
import "./order-tracking.css";

type Status = OrderTracking["status"];

const STEP_NAMES: Record<Status, MessageDescriptor> = {
  received: messages.stepReceived,
  verified: messages.stepVerified,
  installationBooked: messages.stepInstallationBooked,
  technicianOnTheWay: messages.stepTechnicianOnTheWay,
  installed: messages.stepInstalled,
  cancelled: messages.stepCancelled,
};

/** What the page says of each refusal or failure of a change or a cancellation. */
const ERRORS: Record<TrackingError, MessageDescriptor> = {
  tooLate: messages.errorTooLate,
  limit: messages.errorLimit,
  taken: messages.errorTaken,
  notAllowed: messages.errorNotAllowed,
  invalid: messages.errorInvalid,
  pick: messages.errorPick,
  failed: messages.errorFailed,
  cancelTooLate: messages.cancelTooLate,
  cancelFailed: messages.cancelFailed,
};

const CANCEL_ERRORS: ReadonlySet<TrackingError> = new Set(["cancelTooLate", "cancelFailed"]);

/** The outcome the page shows: of a change sent with scripts, or of a form the server handled. */
interface Outcome {
  done?: TrackingDone;
  error?: TrackingError;
}

/**
 * The order of a tracking link (issue 24): the plan, the masked phone number, the booked slot,
 * each step of the timeline with its time, changing the slot within the rules, and cancelling
 * while the installation is not booked. Both forms post to the page itself, so they work without
 * scripts too (the web server answers with the outcome in `?done=` or `?error=`).
 */
export function OrderTrackingPage({ token, search }: { token: string; search: TrackingSearch }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const queryClient = useQueryClient();
  const options = orderTrackingQueryOptions(lang, token);
  const { data: order } = useSuspenseQuery(options);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const shown: Outcome = outcome ?? { done: search.done, error: search.error };
  const action = `/track/${token}${lang === "en" ? "?language=en" : ""}`;
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shown.done) statusRef.current?.focus();
  }, [shown.done, outcome]);

  // Day first in both languages, as the slots are written (not the American "en" order).
  const when = (iso: string) => formatWhen(intl, iso);
  const changeError = shown.error && !CANCEL_ERRORS.has(shown.error) ? shown.error : undefined;
  const cancelError = shown.error && CANCEL_ERRORS.has(shown.error) ? shown.error : undefined;
  const canChange = order.rescheduling?.open === true;

  const reschedule = async (choice: SlotChoice) => {
    try {
      const next = await rescheduleOrder(lang, token, choice);
      queryClient.setQueryData(options.queryKey, next);
      setOutcome({ done: "rescheduled" });
    } catch (cause) {
      const http = isApiError(cause, "http");
      const error = trackingErrorOf(
        "reschedule",
        http ? cause.statusCode : undefined,
        http ? cause.error : undefined,
      );
      setOutcome({ error });
      // The rules or the list may have changed: show them as they are now.
      if (error !== "failed") await queryClient.invalidateQueries({ queryKey: options.queryKey });
    }
    await queryClient.invalidateQueries({ queryKey: orderSlotsQueryOptions(token).queryKey });
  };

  return (
    <Container>
      <PageHeader
        title={
          <span data-testid="tracking-title">
            {intl.formatMessage(messages.title, { orderNumber: order.orderNumber })}
          </span>
        }
        lead={intl.formatMessage(messages.lead, {
          date: formatDate(intl, order.expiresAt),
        })}
      />
      {shown.done === "rescheduled" && order.installation ? (
        <p
          className="tracking-done"
          role="status"
          tabIndex={-1}
          ref={statusRef}
          data-testid="tracking-done"
        >
          {intl.formatMessage(messages.changeDone, {
            slot: formatBooked(intl, order.installation),
          })}
        </p>
      ) : shown.done === "cancelled" ? (
        <p
          className="tracking-done"
          role="status"
          tabIndex={-1}
          ref={statusRef}
          data-testid="tracking-done"
        >
          {intl.formatMessage(messages.cancelDone)}
        </p>
      ) : null}
      {changeError && !canChange ? (
        <p className="tracking-error" role="alert" data-testid="change-error">
          {intl.formatMessage(ERRORS[changeError])}
        </p>
      ) : null}
      <dl className="facts tracking-facts">
        {order.plan ? (
          <div>
            <dt>{intl.formatMessage(messages.plan)}</dt>
            <dd data-testid="tracking-plan">{order.plan.name}</dd>
          </div>
        ) : null}
        {order.phoneNumber ? (
          <div>
            <dt>{intl.formatMessage(messages.phone)}</dt>
            <dd data-testid="tracking-phone">{order.phoneNumber}</dd>
          </div>
        ) : null}
        <div>
          <dt>{intl.formatMessage(messages.received)}</dt>
          <dd>{when(order.submittedAt)}</dd>
        </div>
        {order.installation ? (
          <div>
            <dt>{intl.formatMessage(messages.installation)}</dt>
            <dd data-testid="tracking-installation">{formatBooked(intl, order.installation)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{intl.formatMessage(messages.status)}</dt>
          <dd data-testid="tracking-status">{intl.formatMessage(STEP_NAMES[order.status])}</dd>
        </div>
      </dl>
      {canChange ? (
        <ChangeSlot
          key={`${order.installation?.date}-${order.installation?.slot}`}
          order={order}
          token={token}
          action={action}
          open={changeError !== undefined}
          error={changeError ? ERRORS[changeError] : undefined}
          onChange={reschedule}
        />
      ) : order.rescheduling && order.status !== "technicianOnTheWay" && !changeError ? (
        <p className="tracking-note" data-testid="change-closed">
          {intl.formatMessage(
            order.rescheduling.changesLeft === 0 ? messages.errorLimit : messages.errorTooLate,
          )}
        </p>
      ) : null}
      <section aria-labelledby="tracking-timeline">
        <h2 id="tracking-timeline" className="tracking-heading">
          {intl.formatMessage(messages.timeline)}
        </h2>
        <ol className="tracking-timeline" data-testid="tracking-timeline">
          {order.timeline.map((step) => (
            <li
              key={step.status}
              className={`tracking-step${step.at ? " tracking-step--done" : ""}${step.status === order.status ? " tracking-step--current" : ""}`}
              aria-current={step.status === order.status ? "step" : undefined}
            >
              <span className="tracking-step__mark" aria-hidden="true" />
              <span className="tracking-step__name">
                {intl.formatMessage(STEP_NAMES[step.status])}
              </span>
              <span className="tracking-step__at">
                {step.at ? when(step.at) : intl.formatMessage(messages.notYet)}
              </span>
            </li>
          ))}
        </ol>
      </section>
      {order.status === "cancelled" ? (
        <p className="tracking-note" data-testid="tracking-cancelled">
          {intl.formatMessage(messages.cancelledBody)}
        </p>
      ) : order.cancellable ? (
        <CancelOrder
          order={order}
          action={action}
          asking={search.step === "cancel" && !outcome}
          error={cancelError ? ERRORS[cancelError] : undefined}
          onCancel={async () => {
            try {
              const next = await cancelOrder(lang, token);
              queryClient.setQueryData(options.queryKey, next);
              setOutcome({ done: "cancelled" });
            } catch (cause) {
              const http = isApiError(cause, "http");
              setOutcome({
                error: trackingErrorOf(
                  "cancel",
                  http ? cause.statusCode : undefined,
                  http ? cause.error : undefined,
                ),
              });
              throw cause;
            }
          }}
        />
      ) : null}
    </Container>
  );
}
