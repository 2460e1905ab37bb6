import { useQuery } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { Banner } from "@portal/ui";
import { useEffect, useState } from "react";
import { track } from "../../../shared/analytics";
import { ContentLink } from "../../../shared/components/content-link";
import { useConfig } from "../../../shared/config";
import { useLanguage } from "../../../shared/language";
import { highlightQueryOptions, type BannerKind } from "../api/get-highlights";

/** sessionStorage key of a banner's closed flag. */
export const bannerStorageKey = (kind: BannerKind) => `portal.banner.${kind}.closed`;

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

function SiteBanner({ kind, param }: { kind: BannerKind; param: string }) {
  const { lang } = useLanguage();
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const fromUrl = isCloseParamSet(search[param]);
  const [closedByButton, setClosedByButton] = useState(() => readClosed(kind));
  const closed = closedByButton || fromUrl;
  const { data } = useQuery({ ...highlightQueryOptions(lang, kind), enabled: !closed });

  // The URL parameter marks the banner closed for the rest of the session too.
  useEffect(() => {
    if (fromUrl && !readClosed(kind)) {
      storeClosed(kind);
      track({ event: "banner_close", banner: kind, via: "url" }, lang);
    }
  }, [fromUrl, kind, lang]);

  if (closed || !data) return null;
  return (
    <Banner
      kind={kind}
      label={data.title}
      colourCode={data.colourCode}
      onClose={() => {
        storeClosed(kind);
        setClosedByButton(true);
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
