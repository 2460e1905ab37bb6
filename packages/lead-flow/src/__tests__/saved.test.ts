import { describe, expect, it } from "vitest";
import { createLeadFlow, createMemoryStorage, hasSavedJourney } from "../index.js";
import { ADDRESS, createFakeApi, createFakeClock } from "./fakes.js";

describe("hasSavedJourney", () => {
  it("is false for empty storage, and while the flow has nothing worth keeping", () => {
    const storage = createMemoryStorage();
    expect(hasSavedJourney({ storage })).toBe(false);
    createLeadFlow({ api: createFakeApi().leadApi, environment: "test", storage });
    expect(hasSavedJourney({ storage })).toBe(false);
  });

  it("is true once the flow saved a journey or a token, for that product and prefix only", async () => {
    const storage = createMemoryStorage();
    const flow = createLeadFlow({
      api: createFakeApi().leadApi,
      environment: "test",
      storage,
      clock: createFakeClock(),
    });
    await flow.selectAddress(ADDRESS);
    expect(hasSavedJourney({ storage })).toBe(true);
    expect(hasSavedJourney({ storage, product: "fibre" })).toBe(true);
    expect(hasSavedJourney({ storage, product: "tv" })).toBe(false);
    expect(hasSavedJourney({ storage, storageKey: "other" })).toBe(false);
    // A token alone (a journey handed over, not yet restored) counts too.
    const tokenOnly = createMemoryStorage({ "portal.lead-flow.tv.token": "t" });
    expect(hasSavedJourney({ storage: tokenOnly, product: "tv" })).toBe(true);
    flow.reset();
    expect(hasSavedJourney({ storage })).toBe(false);
  });

  it("is false when storage throws (blocked), where the flow keeps its journey in memory", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(hasSavedJourney({ storage: blocked })).toBe(false);
    // The default storage (localStorage where there is one) holds nothing in this test.
    expect(hasSavedJourney()).toBe(false);
  });
});
