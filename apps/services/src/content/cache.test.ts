import { describe, expect, it } from "vitest";
import { ContentCache } from "./cache.js";

const setup = (opts: { maxEntries?: number; recheckMs?: number } = {}) => {
  let now = 0;
  let version = 1;
  let versionReads = 0;
  const cache = new ContentCache({
    maxEntries: opts.maxEntries ?? 10,
    recheckMs: opts.recheckMs ?? 1000,
    version: async () => {
      versionReads += 1;
      return version;
    },
    now: () => now,
  });
  return {
    cache,
    tick: (ms: number) => (now += ms),
    bump: () => (version += 1),
    versionReads: () => versionReads,
  };
};

describe("ContentCache", () => {
  it("loads once per key, sharing a pending load", async () => {
    const { cache } = setup();
    let loads = 0;
    const load = async () => `v${++loads}`;
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect([a, b, await cache.get("k", load)]).toEqual(["v1", "v1", "v1"]);
    expect(loads).toBe(1);
  });

  it("keeps neither misses nor failures", async () => {
    const { cache } = setup();
    expect(await cache.get("missing", async () => undefined)).toBeUndefined();
    await expect(cache.get("boom", () => Promise.reject(new Error("db down")))).rejects.toThrow();
    expect(cache.size).toBe(0);
    expect(await cache.get("boom", async () => "ok")).toBe("ok");
  });

  it("drops the least recently used entry beyond maxEntries", async () => {
    const { cache } = setup({ maxEntries: 2 });
    await cache.get("a", async () => "a");
    await cache.get("b", async () => "b");
    await cache.get("a", async () => "a2"); // a is now the most recent
    await cache.get("c", async () => "c");
    expect(cache.size).toBe(2);
    expect(await cache.get("a", async () => "a3")).toBe("a");
    expect(await cache.get("b", async () => "b2")).toBe("b2");
  });

  it("checks the content version at most every recheckMs and empties on a change", async () => {
    const { cache, tick, bump, versionReads } = setup({ recheckMs: 1000 });
    await cache.get("k", async () => "old");
    expect(versionReads()).toBe(1);
    bump();
    tick(500);
    expect(await cache.get("k", async () => "new")).toBe("old");
    expect(versionReads()).toBe(1);
    tick(500);
    expect(await cache.get("k", async () => "new")).toBe("new");
    expect(versionReads()).toBe(2);
  });

  it("peeks at settled values only, and not once a version check is due", async () => {
    const { cache, tick, bump } = setup({ recheckMs: 1000 });
    expect(cache.peek("k")).toBeUndefined();
    await cache.get("warm", async () => "w"); // reads the version once
    let release: (v: string) => void = () => {};
    const pending = cache.get("k", () => new Promise<string>((r) => (release = r)));
    expect(cache.peek("k")).toBeUndefined(); // still loading
    release("v1");
    await pending;
    expect(cache.peek("k")).toBe("v1");
    await cache.get("missing", async () => undefined);
    expect(cache.peek("missing")).toBeUndefined();
    tick(1000);
    expect(cache.peek("k")).toBeUndefined(); // the next get rechecks the version
    bump();
    expect(await cache.get("k", async () => "v2")).toBe("v2");
    expect(cache.peek("k")).toBe("v2");
    cache.clear(3);
    expect(cache.peek("k")).toBeUndefined();
  });

  it("keeps the recency of peeked entries for the LRU", async () => {
    const { cache } = setup({ maxEntries: 2 });
    await cache.get("a", async () => "a");
    await cache.get("b", async () => "b");
    expect(cache.peek("a")).toBe("a"); // a is now the most recent
    await cache.get("c", async () => "c");
    expect(cache.peek("a")).toBe("a");
    expect(cache.peek("b")).toBeUndefined();
  });

  it("is emptied by clear and off with maxEntries 0", async () => {
    const { cache } = setup();
    await cache.get("k", async () => "old");
    cache.clear(2);
    expect(await cache.get("k", async () => "new")).toBe("new");
    const off = setup({ maxEntries: 0 }).cache;
    await off.get("k", async () => "1");
    expect(await off.get("k", async () => "2")).toBe("2");
  });
});
