import { Link } from "@tanstack/react-router";
import { Container } from "@portal/ui";
import type { ReactNode } from "react";
import { Crumbs } from "./crumbs";

/**
 * The frame of a detail page (bundle, channel, combo, movie, pack, campaign): breadcrumbs (Home,
 * `parent`, `current`), an optional `intro` across the page, then the media beside the body
 * (stacked on a phone).
 */
export function DetailLayout({
  parent,
  current,
  media,
  intro,
  children,
}: {
  /** The second crumb: a link to the listing the page belongs to. */
  parent: ReactNode;
  /** The last crumb: this page's name. */
  current: string;
  /** The media column, usually an image with its size. */
  media: ReactNode;
  intro?: ReactNode;
  /** The body column. */
  children: ReactNode;
}) {
  return (
    <Container>
      <Crumbs
        trail={[
          { key: "parent", label: parent },
          { key: "current", label: current },
        ]}
      />
      {intro}
      <div className="detail">
        <div className="detail__media">{media}</div>
        <div>{children}</div>
      </div>
    </Container>
  );
}

/** Words of a content id, as a link label where no name is at hand ("sports-max" -> "sports max"). */
export const idLabel = (id: string): string => id.replace(/-/g, " ");

/** Links to the add-on packs with these ids, or `none` when there are none. */
export function PackLinks({ ids, none }: { ids: readonly string[]; none?: ReactNode }) {
  if (ids.length === 0) return <>{none}</>;
  return (
    <ul className="tag-list">
      {ids.map((packageId) => (
        <li key={packageId}>
          <Link to="/packages/$packageId" params={{ packageId }}>
            {idLabel(packageId)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Links to the channels with these ids. */
export function ChannelLinks({ ids }: { ids: readonly string[] }) {
  return (
    <ul className="tag-list">
      {ids.map((channelId) => (
        <li key={channelId}>
          <Link to="/channels/$channelId" params={{ channelId }}>
            {idLabel(channelId)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A ticked list of highlights under its heading; nothing when there are none. */
export function Highlights({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h2>{title}</h2>
      <ul className="check-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}
