"use client";

import type { MouseEvent } from "react";
import { useIntl } from "react-intl";
import type { PlaceLinkProps, SignUpNavigation } from "./context.js";
import { common } from "./messages.js";

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * PlaceLink over a given navigation, with no journey around it (SignUpNotStarted draws it before
 * the flow's code is loaded): an `<a>` when the place has a URL (a plain click goes through
 * `navigate`), a button when it only has `navigate` and `navigate` reaches it, nothing otherwise.
 */
export function NavigationLink({
  navigation,
  place,
  className,
  children,
  onFollow,
  newTab,
  ...rest
}: PlaceLinkProps & { navigation: SignUpNavigation }) {
  const intl = useIntl();
  const href = navigation.href?.(place);
  const navigate = navigation.navigate;
  if (href === undefined) {
    if (!navigate || navigation.reaches?.(place) === false) return null;
    return (
      <button
        type="button"
        className={className ?? "signup-link-button"}
        data-testid={rest["data-testid"]}
        onClick={() => {
          onFollow?.();
          navigate(place);
        }}
      >
        {children}
      </button>
    );
  }
  if (newTab) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener" {...rest}>
        {children}
        <span className="pui-visually-hidden"> {intl.formatMessage(common.newTab)}</span>
      </a>
    );
  }
  return (
    <a
      href={href}
      className={className}
      {...rest}
      onClick={(event) => {
        onFollow?.();
        if (!navigate || !plainClick(event)) return;
        event.preventDefault();
        navigate(place);
      }}
    >
      {children}
    </a>
  );
}
