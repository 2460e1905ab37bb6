import { useSuspenseQuery } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { Banner } from "@portal/ui";
import { Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { track } from "../../../shared/analytics";
import { ContentLink } from "../../../shared/components/content-link";
import { useConfig } from "../../../shared/config";
import { useLanguage } from "../../../shared/language";
import { bannerStorageKey, highlightQueryOptions, type BannerKind } from "../api/get-highlights";

function readClosed(kind: BannerKind): boolean {
  try {
    return globalThis.sessionStorage?.getItem(bannerStorageKey(kind)) === "true";
  } catch {
    return false;
  }
}

function storeClosed(kind: BannerKind): void {
  try {
    globalThis.sessionStorage?.setItem(bannerStorageKey(kind), "true");
  } catch {
    // Without storage the banner stays closed for this page view only.
  }
}

/** True when a close parameter is present and not "false"/"0". */
export function isCloseParamSet(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  const text = String(value).trim().toLowerCase();
  return text !== "false" && text !== "0";
}

const noSubscription = () => () => undefined;

/**
 * Whether the banner was closed earlier in the session. The server cannot know (sessionStorage),
 * so the page is rendered and hydrated as open; the page's first script hides a closed banner
 * before the first paint (a class on <html>) and this removes it right after hydration.
 */
function useClosedInSession(kind: BannerKind): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => readClosed(kind),
    () => false,
  );
}

function SiteBanner({ kind, param }: { kind: BannerKind; param: string }) {
  const { lang } = useLanguage();
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const fromUrl = isCloseParamSet(search[param]);
  const closedInSession = useClosedInSession(kind);
  const [closedByButton, setClosedByButton] = useState(false);
  const closed = closedInSession || closedByButton || fromUrl;

  // The URL parameter marks the banner closed for the rest of the session too.
  useEffect(() => {
    if (fromUrl && !readClosed(kind)) {
      storeClosed(kind);
      track({ event: "banner_close", banner: kind, via: "url" }, lang);
    }
  }, [fromUrl, kind, lang]);

  if (closed) return null;
  // Its own boundary: a banner that is late on the server streams in without holding the page.
  return (
    <Suspense fallback={null}>
      <BannerContent
        kind={kind}
        onClose={() => {
          storeClosed(kind);
          setClosedByButton(true);
        }}
      />
    </Suspense>
  );
}

function BannerContent({ kind, onClose }: { kind: BannerKind; onClose: () => void }) {
  const { lang } = useLanguage();
  const { data } = useSuspenseQuery(highlightQueryOptions(lang, kind));
  if (!data) return null;
  return (
    <Banner
      kind={kind}
      label={data.title}
      colourCode={data.colourCode}
      onClose={() => {
        onClose();
        track({ event: "banner_close", banner: kind, banner_id: data.id, via: "button" }, lang);
      }}
    >
      <p className="site-banner" data-testid={`banner-${kind}`}>
        <strong>{data.title}</strong>
        <span>{data.message}</span>
        {data.link ? <ContentLink href={data.link.url}>{data.link.label}</ContentLink> : null}
      </p>
    </Banner>
  );
}

/** The announcement and promotion banners; closed state per session, or via the configured params. */
export function SiteBanners() {
  const config = useConfig();
  return (
    <>
      <SiteBanner kind="announcement" param={config.announcementCloseParam} />
      <SiteBanner kind="promotion" param={config.promotionCloseParam} />
    </>
  );
}
