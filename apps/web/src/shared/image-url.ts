import { serviceBaseUrl } from "./env";

/** Resolves a content image path ("/content/images/x.svg") against the content service's origin. */
export function imageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  try {
    return new URL(path, serviceBaseUrl("content")).href;
  } catch {
    return undefined;
  }
}
