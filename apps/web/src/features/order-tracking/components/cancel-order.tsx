import { Button, buttonClassName } from "@portal/ui";
import { useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import type { OrderTracking } from "../api/order-tracking";
import { trackingMessages as messages } from "../messages";

interface CancelOrderProps {
  order: OrderTracking;
  /** The page's own address: where the form posts without scripts. */
  action: string;
  /** The question is open from the start (`?step=cancel`, a visitor without scripts). */
  asking: boolean;
  error: MessageDescriptor | undefined;
  /** Cancels with scripts on; the page shows the outcome (and the error, when it throws). */
  onCancel(): Promise<void>;
}

/**
 * Cancel, asked twice: a link to the question, then the question with both answers. Without
 * scripts the link opens the page at the question (`?step=cancel`) and "Yes" posts the form,
 * which the web server sends (src/server/tracking-forms.ts); with scripts both stay on the page.
 */
export function CancelOrder({ order, action, asking, error, onCancel }: CancelOrderProps) {
  const intl = useIntl();
  const [step, setStep] = useState<"idle" | "asking" | "sending">(asking ? "asking" : "idle");
  const askHref = `${action}${action.includes("?") ? "&" : "?"}step=cancel`;
  return (
    <section className="tracking-cancel" aria-labelledby="tracking-cancel-title">
      <h2 id="tracking-cancel-title" className="tracking-heading">
        {intl.formatMessage(messages.cancelTitle)}
      </h2>
      <p>{intl.formatMessage(messages.cancelBody)}</p>
      {step === "idle" ? (
        <a
          href={askHref}
          className={buttonClassName("secondary")}
          rel="nofollow"
          data-testid="tracking-cancel"
          onClick={(event) => {
            event.preventDefault();
            setStep("asking");
          }}
        >
          {intl.formatMessage(messages.cancel)}
        </a>
      ) : (
        <form
          method="post"
          action={action}
          className="tracking-cancel__ask"
          aria-labelledby="tracking-cancel-question"
          onSubmit={(event) => {
            event.preventDefault();
            setStep("sending");
            onCancel().then(
              () => setStep("idle"),
              () => setStep("asking"),
            );
          }}
        >
          <input type="hidden" name="action" value="cancel" />
          <p id="tracking-cancel-question">
            {intl.formatMessage(messages.cancelConfirm, { orderNumber: order.orderNumber })}
          </p>
          <div className="tracking-cancel__actions">
            <Button
              type="submit"
              variant="primary"
              disabled={step === "sending"}
              data-testid="tracking-cancel-yes"
            >
              {intl.formatMessage(step === "sending" ? messages.cancelling : messages.cancelYes)}
            </Button>
            <a
              href={action}
              className={buttonClassName("secondary")}
              aria-disabled={step === "sending" || undefined}
              onClick={(event) => {
                event.preventDefault();
                if (step !== "sending") setStep("idle");
              }}
            >
              {intl.formatMessage(messages.cancelNo)}
            </a>
          </div>
        </form>
      )}
      {error ? (
        <p className="tracking-error" role="alert">
          {intl.formatMessage(error)}
        </p>
      ) : null}
    </section>
  );
}
