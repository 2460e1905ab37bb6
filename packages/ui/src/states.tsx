"use client";

import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { Button } from "./button.js";
import { uiMessages } from "./messages.js";

/** Shown when a list or search has no results. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className="pui-state pui-state--empty">
      <svg
        className="pui-state__icon"
        aria-hidden="true"
        viewBox="0 0 48 48"
        width="48"
        height="48"
      >
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M16 30h16" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 className="pui-state__title">{title ?? intl.formatMessage(uiMessages.emptyTitle)}</h2>
      {children ? <div className="pui-state__body">{children}</div> : null}
      {action ? <div className="pui-state__action">{action}</div> : null}
    </div>
  );
}

/** Props of ErrorState. */
export interface ErrorStateProps {
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Optional extra action (e.g. a link home). */
  action?: ReactNode;
}

/** Shown when a call failed, with a retry button; announced as an alert. */
export function ErrorState({ title, children, onRetry, retryLabel, action }: ErrorStateProps) {
  const intl = useIntl();
  return (
    <div className="pui-state pui-state--error" role="alert">
      <svg
        className="pui-state__icon"
        aria-hidden="true"
        viewBox="0 0 48 48"
        width="48"
        height="48"
      >
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v14M24 33v2" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 className="pui-state__title">{title ?? intl.formatMessage(uiMessages.errorTitle)}</h2>
      <div className="pui-state__body">
        {children ?? <p>{intl.formatMessage(uiMessages.errorBody)}</p>}
      </div>
      {onRetry || action ? (
        <div className="pui-state__action">
          {onRetry ? (
            <Button onClick={onRetry}>{retryLabel ?? intl.formatMessage(uiMessages.retry)}</Button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}
