import { useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { track, type ProductKey } from "./analytics";
import { useLanguage } from "./language";

let lastKey = "";

/**
 * Sends page_view once per page (and detail_view for detail pages), with content_type = the
 * product key when the page belongs to one product. A language switch is not a new page view.
 */
export function usePageAnalytics(options: {
  pageType: string;
  product?: ProductKey;
  id?: string;
  name?: string;
}): void {
  const { lang } = useLanguage();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { pageType, product, id, name } = options;
  useEffect(() => {
    const key = `${pathname}|${pageType}|${id ?? ""}`;
    if (key === lastKey) return; // StrictMode runs effects twice in development
    lastKey = key;
    track(
      {
        event: "page_view",
        page_type: pageType,
        page_path: pathname,
        content_type: product,
        content_id: id,
      },
      lang,
    );
    if (id)
      track(
        {
          event: "detail_view",
          page_type: pageType,
          content_id: id,
          content_type: product,
          content_name: name,
        },
        lang,
      );
    // Only a new path, page type or id is a new page view (not a language switch).
  }, [pathname, pageType, id]);
}
