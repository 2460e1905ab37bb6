import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { isApiError } from "@portal/api-client";
import { Button, Container, PageHeader } from "@portal/ui";
import { useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { useLanguage } from "../../../shared/language";
import { cancelOrder, orderTrackingQueryOptions, type OrderTracking } from "../api/order-tracking";
import { trackingMessages as messages } from "../messages";
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

/** Times as Malaysia reads them, the same on the server and in the browser. */
const MYT = { timeZone: "Asia/Kuala_Lumpur" } as const;

/**
 * The order of a tracking link (issue 24): the plan, the masked phone number, each step of the
 * timeline with its time, and cancelling while the installation is not booked.
 */
export function OrderTrackingPage({ token }: { token: string }) {
  const intl = useIntl();
  const { lang } = useLanguage();
  const queryClient = useQueryClient();
  const options = orderTrackingQueryOptions(lang, token);
  const { data: order } = useSuspenseQuery(options);
  const when = (iso: string) =>
    intl.formatDate(iso, { ...MYT, dateStyle: "medium", timeStyle: "short" });
  return (
    <Container>
      <PageHeader
        title={
          <span data-testid="tracking-title">
            {intl.formatMessage(messages.title, { orderNumber: order.orderNumber })}
          </span>
        }
        lead={intl.formatMessage(messages.lead, {
          date: intl.formatDate(order.expiresAt, { ...MYT, dateStyle: "long" }),
        })}
      />
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
            <dd data-testid="tracking-installation">
              {intl.formatMessage(messages.installationWhen, {
                date: intl.formatDate(`${order.installation.date}T12:00:00+08:00`, {
                  ...MYT,
                  weekday: "long",
                  day: "numeric",
                  month: "long",
                  year: "numeric",
                }),
                window: intl.formatMessage(
                  order.installation.slot === "morning"
                    ? messages.installationMorning
                    : messages.installationAfternoon,
                ),
              })}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{intl.formatMessage(messages.status)}</dt>
          <dd data-testid="tracking-status">{intl.formatMessage(STEP_NAMES[order.status])}</dd>
        </div>
      </dl>
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
          onCancel={async () => {
            const next = await cancelOrder(lang, token);
            queryClient.setQueryData(options.queryKey, next);
          }}
        />
      ) : null}
    </Container>
  );
}

/** Cancel, asked twice: a button, then the question with both answers. */
function CancelOrder({ order, onCancel }: { order: OrderTracking; onCancel(): Promise<void> }) {
  const intl = useIntl();
  const [step, setStep] = useState<"idle" | "asking" | "sending">("idle");
  const [error, setError] = useState<MessageDescriptor | undefined>();
  return (
    <section className="tracking-cancel" aria-labelledby="tracking-cancel-title">
      <h2 id="tracking-cancel-title" className="tracking-heading">
        {intl.formatMessage(messages.cancelTitle)}
      </h2>
      <p>{intl.formatMessage(messages.cancelBody)}</p>
      {step === "idle" ? (
        <Button variant="secondary" onClick={() => setStep("asking")} data-testid="tracking-cancel">
          {intl.formatMessage(messages.cancel)}
        </Button>
      ) : (
        <div
          className="tracking-cancel__ask"
          role="group"
          aria-labelledby="tracking-cancel-question"
        >
          <p id="tracking-cancel-question">
            {intl.formatMessage(messages.cancelConfirm, { orderNumber: order.orderNumber })}
          </p>
          <div className="tracking-cancel__actions">
            <Button
              variant="primary"
              disabled={step === "sending"}
              data-testid="tracking-cancel-yes"
              onClick={() => {
                setStep("sending");
                setError(undefined);
                onCancel().then(
                  () => setStep("idle"),
                  (cause: unknown) => {
                    setStep("asking");
                    setError(
                      isApiError(cause, "http") && cause.statusCode === 409
                        ? messages.cancelTooLate
                        : messages.cancelFailed,
                    );
                  },
                );
              }}
            >
              {intl.formatMessage(step === "sending" ? messages.cancelling : messages.cancelYes)}
            </Button>
            <Button
              variant="secondary"
              disabled={step === "sending"}
              onClick={() => setStep("idle")}
            >
              {intl.formatMessage(messages.cancelNo)}
            </Button>
          </div>
        </div>
      )}
      {error ? (
        <p className="tracking-error" role="alert">
          {intl.formatMessage(error)}
        </p>
      ) : null}
    </section>
  );
}
