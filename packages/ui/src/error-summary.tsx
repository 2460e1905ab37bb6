"use client";

import {
  useEffect,
  useId,
  useRef,
  type HTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from "react";
import { useIntl } from "react-intl";
import { cx } from "./cx.js";
import { uiMessages } from "./messages.js";

/** One invalid field of a form: the id of its control, its label and message (translated). */
export interface ErrorSummaryEntry {
  id: string;
  /** The field's label: the entry reads "<label>: <message>". */
  label?: ReactNode;
  message: ReactNode;
}

/** Props of ErrorSummary: the entries, a heading, and attributes of its element (`data-testid`...). */
export interface ErrorSummaryProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  "title" | "children"
> {
  /** The invalid fields, in the form's order; nothing renders while it is empty. */
  errors: ReadonlyArray<ErrorSummaryEntry>;
  /** Heading; by default "N fields need your attention" in the current language. */
  title?: ReactNode;
  className?: string;
}

// The field's label (or legend) comes into view with it, so the visitor sees what it asks for.
function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  (target.closest(".pui-field") ?? target).scrollIntoView?.({ block: "start" });
  target.focus({ preventScroll: true });
}

/**
 * The invalid fields of a form after a submit, each a link that moves focus to its field;
 * announced as an alert, and focused when it appears (and again on each submit by
 * `useSchemaForm` of @portal/validation/react, which finds it by `data-error-summary`). Place
 * it at the top of the form.
 */
export function ErrorSummary({ errors, title, className, ...attributes }: ErrorSummaryProps) {
  const intl = useIntl();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div
      // What makes it a summary (an alert, focusable, found by useSchemaForm) comes after.
      {...attributes}
      ref={box}
      className={cx("pui-error-summary", className)}
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
      data-error-summary=""
    >
      <h2 id={titleId} className="pui-error-summary__title">
        {title ?? intl.formatMessage(uiMessages.errorSummary, { count: errors.length })}
      </h2>
      <ul className="pui-error-summary__list">
        {errors.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} onClick={(event) => goTo(event, entry.id)}>
              {entry.label
                ? intl.formatMessage(uiMessages.errorSummaryEntry, {
                    label: entry.label,
                    message: entry.message,
                  })
                : entry.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
