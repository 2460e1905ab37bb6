/**
 * Keeps the services' answers warm in the render server (issue 22): the API client's shared ETag
 * cache (`src/shared/api.ts`) holds every answer's body and tag, and this `fetch`, in front of the
 * contract checks, remembers when the services last confirmed each tag. A GET whose
 * `If-None-Match` carries a tag confirmed less than `freshMs` ago is answered 304 here, with no
 * loopback round trip, no decompression and no validation: the client hands the render the body
 * it holds. Otherwise the request goes to the services; concurrent revalidations of one URL and
 * tag share one request (a burst of renders costs the services one 304, not one each).
 *
 * During an outage: a tag is trusted for at most `freshMs` after the services last confirmed it
 * (as a CDN serves a copy while it is fresh); the first revalidation that fails (no answer, a
 * timeout, a 5xx, an answer that breaks its contract) forgets the URL, so from then on every render
 * asks the services again and shows the honest 503 page until they answer. A page is never built
 * from a copy older than `freshMs` past the last confirmation.
 */
export interface WarmContent {
  fetch: typeof fetch;
  /** URLs whose tag is held (tests and metrics). */
  size: () => number;
  /** Answers given here without a round trip, and requests sent on. */
  stats: () => { warm: number; sent: number; shared: number };
}

type Outcome = { confirmed: true } | { confirmed: false; error?: unknown };

interface Held {
  etag: string;
  confirmedAt: number;
  /** A revalidation of this tag in flight: how it ended (304, another answer, or an error). */
  pending?: Promise<Outcome>;
}

export function createWarmContent(
  inner: typeof fetch,
  options: { freshMs: number; now?: () => number; maxEntries?: number },
): WarmContent {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 5000;
  const held = new Map<string, Held>();
  const counts = { warm: 0, sent: 0, shared: 0 };

  const notModified = (etag: string) => new Response(null, { status: 304, headers: { etag } });

  /** A 304, or a 2xx with its tag (a checked answer: a broken one comes back without it). */
  const record = (url: string, response: Response) => {
    const etag = response.headers.get("etag") ?? undefined;
    const tag =
      response.status === 304
        ? (etag ?? held.get(url)?.etag)
        : response.ok && response.status !== 204
          ? etag
          : undefined;
    held.delete(url); // re-inserted last: the Map's order is the order of use (oldest first)
    if (!tag) return;
    held.set(url, { etag: tag, confirmedAt: now() });
    if (held.size > maxEntries) held.delete(held.keys().next().value as string);
  };

  const warmFetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    if (method !== "GET" || options.freshMs <= 0) return inner(input, init);
    const url = request?.url ?? String(input);
    const sentTag =
      new Headers(init?.headers ?? request?.headers).get("if-none-match") ?? undefined;
    const entry = held.get(url);
    const same = entry !== undefined && sentTag === entry.etag;
    if (same && now() - entry.confirmedAt < options.freshMs) {
      counts.warm++;
      return notModified(entry.etag);
    }
    if (same && entry.pending) {
      // Another render is asking the services about this tag: its answer is this one's.
      counts.shared++;
      const outcome = await entry.pending;
      if (outcome.confirmed) return notModified(entry.etag);
      if ("error" in outcome) throw outcome.error;
    }
    counts.sent++;
    let settle: (outcome: Outcome) => void = () => undefined;
    const mine = same && !entry.pending ? entry : undefined;
    if (mine) mine.pending = new Promise<Outcome>((resolve) => (settle = resolve));
    try {
      const response = await inner(input, init);
      record(url, response);
      settle(response.status === 304 ? { confirmed: true } : { confirmed: false });
      return response;
    } catch (error) {
      held.delete(url);
      settle({ confirmed: false, error });
      throw error;
    } finally {
      if (mine) mine.pending = undefined;
    }
  };

  return { fetch: warmFetch, size: () => held.size, stats: () => ({ ...counts }) };
}
