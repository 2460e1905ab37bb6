import { describe, expect, it } from "vitest";
import { STATES, STATE_LABELS, isStateSlug } from "../get-dealers";

describe("the dealer list's state names", () => {
  it("names all 16 states, the federal territories shortened", () => {
    expect(Object.keys(STATE_LABELS)).toEqual([...STATES]);
    expect(STATE_LABELS["kuala-lumpur"]).toBe("W.P. Kuala Lumpur");
    expect(STATE_LABELS.labuan).toBe("W.P. Labuan");
    expect(STATE_LABELS.putrajaya).toBe("W.P. Putrajaya");
    expect(STATE_LABELS["negeri-sembilan"]).toBe("Negeri Sembilan");
    expect(STATE_LABELS["pulau-pinang"]).toBe("Pulau Pinang");
  });
  it("knows a state slug from the URL", () => {
    expect(isStateSlug("johor")).toBe(true);
    expect(isStateSlug("Johor")).toBe(false);
  });
});
