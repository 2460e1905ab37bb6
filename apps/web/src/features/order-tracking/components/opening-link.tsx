import { Link, useNavigate } from "@tanstack/react-router";
import { Button, EmptyState, ErrorState, SkeletonText, buttonClassName } from "@portal/ui";
import { useEffect } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";

/** The texts of a link that opens the journey. */
export type OpeningMessages = Record<
  "opening" | "goneTitle" | "goneBody" | "start" | "failed" | "tryAgain",
  MessageDescriptor
>;

/**
 * What a link that opens the sign-up shows (`/signup/continue/$code`, `/signup/notify/$token`):
 * "opening…" until `pending` settles, then the journey goes on at /signup (replace); a link that
 * no longer works says so with the way to start again (the coverage check); any other failure
 * offers Try again. The opening itself is the route's (the journey's `created`, `onEnter`): this
 * only draws it and navigates.
 */
export function OpeningLink(props: {
  pending: Promise<unknown> | undefined;
  /** The opening failed: `gone` when the link no longer works. */
  failure: { gone: boolean } | undefined;
  search: Record<string, string | undefined>;
  goneTestId: string;
  messages: OpeningMessages;
  onRetry: () => void;
}) {
  const { pending, failure, search, goneTestId, messages, onRetry } = props;
  const intl = useIntl();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    pending?.then(
      () => {
        if (live) void navigate({ to: "/signup", search: search as never, replace: true });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);
  if (failure?.gone)
    return (
      <EmptyState
        title={<span data-testid={goneTestId}>{intl.formatMessage(messages.goneTitle)}</span>}
        action={
          <Link to="/coverage" search={search as never} className={buttonClassName("primary")}>
            {intl.formatMessage(messages.start)}
          </Link>
        }
      >
        <p>{intl.formatMessage(messages.goneBody)}</p>
      </EmptyState>
    );
  if (failure)
    return (
      <ErrorState
        title={intl.formatMessage(messages.failed)}
        action={<Button onClick={onRetry}>{intl.formatMessage(messages.tryAgain)}</Button>}
      />
    );
  return (
    <div aria-busy="true" role="status" aria-label={intl.formatMessage(messages.opening)}>
      <p>{intl.formatMessage(messages.opening)}</p>
      <SkeletonText lines={4} />
    </div>
  );
}
