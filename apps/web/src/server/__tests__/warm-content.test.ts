import { describe, expect, it } from "vitest";
import { createWarmContent } from "../warm-content";

const URL_A = "http://services/content/api/v1/home/all?lang=bm";

function setup(freshMs = 1000) {
  let clock = 0;
  const calls: Array<string | undefined> = [];
  let answer: (tag: string | undefined) => Promise<Response> = async (tag) =>
    tag === '"v1"'
      ? new Response(null, { status: 304, headers: { etag: '"v1"' } })
      : new Response('{"response":{}}', {
          status: 200,
          headers: { etag: '"v1"', "content-type": "application/json" },
        });
  const inner: typeof fetch = async (input) => {
    const tag = (input as Request).headers.get("if-none-match") ?? undefined;
    calls.push(tag);
    return answer(tag);
  };
  const warm = createWarmContent(inner, { freshMs, now: () => clock });
  const get = (tag?: string) =>
    warm.fetch(new Request(URL_A, { headers: tag ? { "if-none-match": tag } : {} }));
  return {
    warm,
    get,
    calls,
    tick: (ms: number) => (clock += ms),
    answerWith: (next: typeof answer) => (answer = next),
  };
}

describe("warm content (issue 22)", () => {
  it("answers a tag the services confirmed within freshMs itself, with no round trip", async () => {
    const t = setup();
    expect((await t.get()).status).toBe(200);
    t.tick(500);
    expect((await t.get('"v1"')).status).toBe(304);
    expect(t.calls).toHaveLength(1);
    t.tick(600); // 1100 ms since the confirmation: asked again, confirmed by a 304
    expect((await t.get('"v1"')).status).toBe(304);
    expect(t.calls).toEqual([undefined, '"v1"']);
    t.tick(999);
    expect((await t.get('"v1"')).status).toBe(304);
    expect(t.calls).toHaveLength(2);
  });

  it("forgets a URL at the first failed revalidation: the outage reaches the render", async () => {
    const t = setup();
    await t.get();
    t.tick(1001);
    t.answerWith(async () => {
      throw new TypeError("fetch failed");
    });
    await expect(t.get('"v1"')).rejects.toThrow("fetch failed");
    expect(t.warm.size()).toBe(0);
    // Healed: asked again (not answered from memory), and held again from its answer.
    t.answerWith(async () => new Response(null, { status: 304, headers: { etag: '"v1"' } }));
    expect((await t.get('"v1"')).status).toBe(304);
    expect(t.calls).toHaveLength(3);
    expect(t.warm.size()).toBe(1);
  });

  it("does not hold an answer that broke its contract (no tag) or a 5xx", async () => {
    const t = setup();
    t.answerWith(async () => new Response("getHome: answered a wrong shape", { status: 200 }));
    await t.get();
    expect(t.warm.size()).toBe(0);
    t.answerWith(async () => new Response("{}", { status: 503 }));
    await t.get();
    expect(t.warm.size()).toBe(0);
  });

  it("shares one revalidation between concurrent renders", async () => {
    const t = setup();
    await t.get();
    t.tick(2000);
    let release: () => void = () => undefined;
    t.answerWith(
      () =>
        new Promise((resolve) => {
          release = () => resolve(new Response(null, { status: 304, headers: { etag: '"v1"' } }));
        }),
    );
    const answers = Promise.all([t.get('"v1"'), t.get('"v1"'), t.get('"v1"')]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await answers).map((r) => r.status)).toEqual([304, 304, 304]);
    expect(t.calls).toHaveLength(2);
    expect(t.warm.stats()).toMatchObject({ sent: 2, shared: 2 });
  });

  it("passes everything through when freshMs is 0", async () => {
    const t = setup(0);
    await t.get();
    await t.get('"v1"');
    expect(t.calls).toHaveLength(2);
  });
});
