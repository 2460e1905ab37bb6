"use client";

import type { CSSProperties, ReactNode } from "react";
import { useIntl } from "react-intl";
import { uiMessages } from "./messages.js";

/** A grey placeholder block. */
export function Skeleton({
  width,
  height = "1em",
  round,
}: {
  width?: string;
  height?: string;
  round?: boolean;
}) {
  const style: CSSProperties = { width, height };
  return (
    <span
      className={round ? "pui-skeleton pui-skeleton--round" : "pui-skeleton"}
      style={style}
      aria-hidden="true"
    />
  );
}

/** Wraps placeholders in a polite status region announced as "Loading…". */
export function LoadingRegion({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="pui-loading" role="status" aria-live="polite" aria-busy="true">
      <span className="pui-visually-hidden">{intl.formatMessage(uiMessages.loading)}</span>
      {children}
    </div>
  );
}

/** Lines of text placeholders, the last one shorter. */
export function SkeletonText({ lines = 3 }: { lines?: number }) {
  return (
    <span className="pui-skeleton-text">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === lines - 1 && lines > 1 ? "60%" : "100%"} />
      ))}
    </span>
  );
}

/** The loading state of a listing page: a title and a grid of card placeholders. */
export function CardGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <LoadingRegion>
      <Skeleton width="40%" height="2rem" />
      <ul className="pui-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="pui-grid__item">
            <div className="pui-card pui-card--skeleton">
              <Skeleton width="100%" height="9rem" />
              <div className="pui-card__body">
                <Skeleton width="70%" height="1.25rem" />
                <SkeletonText lines={2} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </LoadingRegion>
  );
}

/** The loading state of a detail page: a title, an image and paragraphs. */
export function DetailSkeleton() {
  return (
    <LoadingRegion>
      <Skeleton width="30%" height="1rem" />
      <Skeleton width="60%" height="2.25rem" />
      <div className="pui-detail-skeleton">
        <Skeleton width="100%" height="14rem" />
        <SkeletonText lines={6} />
      </div>
    </LoadingRegion>
  );
}
