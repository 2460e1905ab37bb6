import { useQuery } from "@tanstack/react-query";
import { Button } from "@portal/ui";
import { useId, useState, type FormEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { orderSlotsQueryOptions, type OrderTracking, type SlotChoice } from "../api/order-tracking";
import { trackingMessages as messages } from "../messages";
import { formatDay, formatMoment } from "./slot-format";

/** Windows shown with how many are left at or below this. */
const FEW = 3;

/** The `choice` field of the form: "2026-11-27/afternoon". */
export const choiceValue = (c: SlotChoice) => `${c.date}/${c.slot}`;

interface ChangeSlotProps {
  order: OrderTracking;
  token: string;
  /** The page's own address: where the form posts without scripts. */
  action: string;
  /** Opened: after an error of the change, so the list is in view. */
  open: boolean;
  /** The error of the last change (from the page's state or the address). */
  error: MessageDescriptor | undefined;
  /** Sends the change with scripts on; the page shows the outcome. */
  onChange(choice: SlotChoice): Promise<void>;
}

/**
 * "Change installation slot" (issue 24): the rule (changes left, until when), then the free slots
 * of the next days as radio buttons grouped by day, and a button that moves the booking. A plain
 * form that posts to the page itself: the web server changes the slot for a visitor without
 * scripts (src/server/tracking-forms.ts); with scripts the page sends it and stays.
 */
export function ChangeSlot({ order, token, action, open, error, onChange }: ChangeSlotProps) {
  const intl = useIntl();
  const id = useId();
  const { data: list } = useQuery(orderSlotsQueryOptions(token));
  const [sending, setSending] = useState(false);
  const rescheduling = order.rescheduling!;
  const slots = list?.slots ?? [];
  const byDay = new Map<string, typeof slots>();
  for (const s of slots) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("choice");
    const [date, slot] = typeof value === "string" ? value.split("/") : [];
    // The radios are required: the browser asks for one before the form is sent.
    if (!date || (slot !== "morning" && slot !== "afternoon")) return;
    setSending(true);
    onChange({ date, slot }).finally(() => setSending(false));
  };

  return (
    <section className="tracking-change" aria-labelledby={`${id}-title`}>
      <details className="tracking-change__details" open={open || undefined}>
        <summary className="tracking-change__summary" data-testid="tracking-change">
          <h2 id={`${id}-title`} className="tracking-heading">
            {intl.formatMessage(messages.changeTitle)}
          </h2>
        </summary>
        <p>
          {intl.formatMessage(messages.changeRule, {
            left: rescheduling.changesLeft,
            until: formatMoment(intl, rescheduling.changeableUntil),
          })}
        </p>
        {error ? (
          <p className="tracking-error" role="alert" id={`${id}-error`} data-testid="change-error">
            {intl.formatMessage(error)}
          </p>
        ) : null}
        {list && slots.length === 0 ? (
          <p data-testid="change-none">{intl.formatMessage(messages.changeNone)}</p>
        ) : (
          <form method="post" action={action} onSubmit={submit} data-testid="change-form">
            <input type="hidden" name="action" value="reschedule" />
            <fieldset
              className="tracking-slots"
              aria-describedby={error ? `${id}-error` : undefined}
            >
              <legend className="pui-field__label">
                {intl.formatMessage(messages.changeLegend)}
              </legend>
              {[...byDay].map(([date, windows]) => (
                <fieldset className="tracking-slots__day" key={date} data-testid="change-day">
                  <legend>{formatDay(intl, date)}</legend>
                  <div className="tracking-slots__windows">
                    {windows.map((w) => {
                      const optionId = `${id}-${date}-${w.slot}`;
                      const window = intl.formatMessage(
                        w.slot === "morning" ? messages.changeMorning : messages.changeAfternoon,
                        { from: w.from, to: w.to },
                      );
                      return (
                        <div className="pui-radio tracking-slots__option" key={w.slot}>
                          <input
                            type="radio"
                            id={optionId}
                            name="choice"
                            value={choiceValue(w)}
                            required
                          />
                          <label htmlFor={optionId}>
                            {w.remaining <= FEW
                              ? intl.formatMessage(messages.changeWindowLeft, {
                                  window,
                                  left: intl.formatMessage(messages.changeLeft, {
                                    count: w.remaining,
                                  }),
                                })
                              : window}
                          </label>
                        </div>
                      );
                    })}
                  </div>
                </fieldset>
              ))}
            </fieldset>
            <Button type="submit" disabled={sending} data-testid="change-submit">
              {intl.formatMessage(sending ? messages.changing : messages.changeSubmit)}
            </Button>
          </form>
        )}
      </details>
    </section>
  );
}
