import { describe, expect, it, vi } from "vitest";
import { createLeadFlow, createMemoryStorage, isLeadFlowError } from "../index.js";
import { ADDRESS, createFakeApi, createFakeClock, httpFailure } from "./fakes.js";

/**
 * Issue 24, "Notify me when it arrives": the link of a coverage SMS opens the journey at the
 * registered address (recorded on a lead, offers loaded) with the plan wanted chosen.
 */
const TOKEN = "3f1c1d2e-0000-4000-8000-00000000000a.tqqwt2._JolMTikapIJoxY2lesiSw";

function device() {
  const fake = createFakeApi();
  const shop = fake.api.shop as Record<string, unknown>;
  const storage = createMemoryStorage();
  const flow = createLeadFlow({
    api: fake.leadApi,
    environment: "test",
    storage,
    clock: createFakeClock(),
  });
  return { ...fake, shop, flow };
}

describe("the coverage SMS's link", () => {
  it("opens the plan step at the registered address with the plan wanted chosen", async () => {
    const { flow, shop, api } = device();
    shop.getCoverageNotice = vi.fn(() =>
      Promise.resolve({
        success: true,
        statusCode: 200,
        data: {
          product: "fibre",
          language: "en",
          address: ADDRESS,
          packageId: "fibre-500",
          expiresAt: "2026-12-21T02:00:00.000Z",
        },
      }),
    );
    const coverage = await flow.openCoverageNotice(TOKEN);
    expect(coverage.covered).toBe(true);
    await flow.settled();
    expect(shop.getCoverageNotice).toHaveBeenCalledWith({ token: TOKEN });
    expect(api.shop.updateSbbLead).toHaveBeenCalledWith(
      { address: { addressId: ADDRESS.addressId } },
      { token: "jwt.lead.token" },
    );
    const state = flow.getSnapshot();
    expect(state.step).toBe("package");
    expect(state.address?.addressId).toBe(ADDRESS.addressId);
    expect(state.selection.packageId).toBe("fibre-500");
    expect(state.order?.packageId).toBe("fibre-500");
    expect(state.loading.openCoverageNotice).toBe(false);
    expect(state.errors.openCoverageNotice).toBeUndefined();
  });

  it("refuses a malformed token before any request, and reports a refused one as a 404", async () => {
    const { flow, shop, calls } = device();
    shop.getCoverageNotice = vi.fn(() =>
      Promise.reject(
        httpFailure(404, { statusCode: 404, error: "Not Found", message: "Not Found" }),
      ),
    );
    const before = calls();
    const malformed = await flow.openCoverageNotice("short").catch((e: unknown) => e);
    expect(isLeadFlowError(malformed) && malformed.code).toBe("invalid-input");
    expect(flow.getSnapshot().errors.openCoverageNotice?.fieldErrors).toEqual([
      { field: "token", code: "validation.invalid" },
    ]);
    expect(calls()).toBe(before);
    const refused = await flow.openCoverageNotice(TOKEN).catch((e: unknown) => e);
    expect(isLeadFlowError(refused) && refused.code).toBe("request-failed");
    expect(flow.getSnapshot().errors.openCoverageNotice?.statusCode).toBe(404);
    expect(flow.getSnapshot().step).toBe("start");
  });
});
