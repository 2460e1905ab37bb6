import { useRouter } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

/**
 * A link to a URL that comes from content (CMS links such as "/packages/sports-pack"): portal
 * paths navigate client-side, anything else is a normal link.
 */
export function ContentLink({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  const internal = href.startsWith("/") && !href.startsWith("//");
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!internal || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a
      href={href}
      onClick={handleClick}
      {...(internal ? {} : { rel: "noopener noreferrer" })}
      {...rest}
    />
  );
}
