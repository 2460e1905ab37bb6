import { Link } from "@tanstack/react-router";
import { Container, SkeletonText } from "@portal/ui";
import { Suspense, type ReactNode } from "react";
import { defineMessages, useIntl, type MessageDescriptor } from "react-intl";
import type { ProductKey } from "../analytics";
import { useChannelNames, useComboNames, usePackNames } from "../catalogue";
import { MAX_LINKS } from "../links";
import { Crumbs } from "./crumbs";
import { NextStep, type NextStepTarget } from "./next-step";

/**
 * The frame of a detail page (bundle, channel, combo, movie, pack, campaign): breadcrumbs (Home,
 * `parent`, `current`), an optional `intro` across the page, then the media beside the body
 * (stacked on a phone), and after the body the page's `nextStep` (sign up, register interest,
 * WhatsApp, dealers) when it sells something.
 */
export function DetailLayout({
  parent,
  current,
  media,
  intro,
  nextStep,
  children,
}: {
  /** The second crumb: a link to the listing the page belongs to. */
  parent: ReactNode;
  /** The last crumb: this page's name. */
  current: string;
  /** The media column, usually an image with its size. */
  media: ReactNode;
  intro?: ReactNode;
  /** What the page leads to (the TV and bundle pages). */
  nextStep?: NextStepTarget;
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
        <div>
          {children}
          {nextStep ? <NextStep target={nextStep} /> : null}
        </div>
      </div>
    </Container>
  );
}

/** A placeholder the width of a short name while the names load (never the id). */
function NamesLoading({ count }: { count: number }) {
  return (
    <ul className="tag-list" aria-hidden="true">
      {Array.from({ length: Math.min(count, 8) }, (_, i) => (
        <li key={i}>
          <SkeletonText lines={1} />
        </li>
      ))}
    </ul>
  );
}

const linkMessages = defineMessages({
  morePacks: {
    id: "detail.links.more-packs",
    defaultMessage: "and {count, plural, one {# more pack} other {# more packs}}",
    description: "Last item of a list of add-on packs cut at 24: links to the packs listing",
  },
  moreChannels: {
    id: "detail.links.more-channels",
    defaultMessage: "and {count, plural, one {# more channel} other {# more channels}}",
    description: "Last item of a list of channels cut at 24: links to the channels listing",
  },
});

/** The last item of a list cut at MAX_LINKS: how many are left, linking to their listing. */
function MoreLink({
  to,
  total,
  message,
}: {
  to: "/packages" | "/channels";
  total: number;
  message: MessageDescriptor;
}) {
  const intl = useIntl();
  if (total <= MAX_LINKS) return null;
  return (
    <li>
      <Link to={to}>{intl.formatMessage(message, { count: total - MAX_LINKS })}</Link>
    </li>
  );
}

function PackList({ ids, total }: { ids: readonly string[]; total: number }) {
  const names = usePackNames(ids.slice(0, MAX_LINKS));
  return (
    <ul className="tag-list">
      {ids.slice(0, MAX_LINKS).map((packageId) => (
        <li key={packageId}>
          <Link to="/packages/$packageId" params={{ packageId }}>
            {names.get(packageId) ?? packageId}
          </Link>
        </li>
      ))}
      <MoreLink to="/packages" total={total} message={linkMessages.morePacks} />
    </ul>
  );
}

/**
 * Links to the add-on packs with these ids, by name, or `none` when there are none. `total`:
 * how many there are when `ids` holds only the first (`firstLinks`).
 */
export function PackLinks({
  ids,
  total = ids.length,
  none,
}: {
  ids: readonly string[];
  total?: number;
  none?: ReactNode;
}) {
  if (total === 0) return <>{none}</>;
  return (
    <Suspense fallback={<NamesLoading count={total} />}>
      <PackList ids={ids} total={total} />
    </Suspense>
  );
}

function ChannelList({ ids, total }: { ids: readonly string[]; total: number }) {
  const names = useChannelNames(ids.slice(0, MAX_LINKS));
  return (
    <ul className="tag-list">
      {ids.slice(0, MAX_LINKS).map((channelId) => (
        <li key={channelId}>
          <Link to="/channels/$channelId" params={{ channelId }}>
            {names.get(channelId) ?? channelId}
          </Link>
        </li>
      ))}
      <MoreLink to="/channels" total={total} message={linkMessages.moreChannels} />
    </ul>
  );
}

/** Links to the channels with these ids, by name (`total`: as for `PackLinks`). */
export function ChannelLinks({
  ids,
  total = ids.length,
}: {
  ids: readonly string[];
  total?: number;
}) {
  return (
    <Suspense fallback={<NamesLoading count={total} />}>
      <ChannelList ids={ids} total={total} />
    </Suspense>
  );
}

function ComboName({ product, id }: { product: ProductKey; id: string }) {
  return <>{useComboNames(product).get(id) ?? id}</>;
}

/** A link to a plan (combo) by its name. */
export function ComboLink({ product, id }: { product: ProductKey; id: string }) {
  return (
    <Link to="/$product/$comboId" params={{ product, comboId: id }}>
      <Suspense fallback={<SkeletonText lines={1} />}>
        <ComboName product={product} id={id} />
      </Suspense>
    </Link>
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
