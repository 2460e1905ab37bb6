import { describe, expect, it, vi } from "vitest";
import {
  createLeadFlow,
  createMemoryStorage,
  isLeadFlowError,
  isSessionEnded,
  type LeadFlow,
  type LeadFlowOptions,
  type PutFile,
} from "../index.js";
import {
  ADDRESS,
  createFakeApi,
  createFakeClock,
  httpFailure,
  offersOf,
  orderOf,
} from "./fakes.js";

const pdf = (size = 16, name = "mykad.pdf", type = "application/pdf") =>
  new File([new Uint8Array(size)], name, { type });

function setup(options: Partial<LeadFlowOptions> = {}) {
  const fake = createFakeApi();
  const storage = createMemoryStorage();
  const clock = createFakeClock();
  const putFile = vi.fn<PutFile>(async (_url, file, { onProgress }) => {
    onProgress?.(file.size / 2, file.size);
    onProgress?.(file.size, file.size);
  });
  const make = (extra: Partial<LeadFlowOptions> = {}) =>
    createLeadFlow({
      api: fake.leadApi,
      environment: "test",
      storage,
      clock,
      putFile,
      ...options,
      ...extra,
    });
  return { ...fake, storage, clock, putFile, flow: make(), make };
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error("expected a rejection");
}

async function walkToOtp(flow: LeadFlow) {
  const [address] = await flow.searchAddress({ postalCode: "47301", residenceType: "landed" });
  await flow.selectAddress(address!);
  await flow.updateOrder({ packageId: "fibre-500" });
  await flow.confirmPackage();
  await flow.updateLead({ name: "Aminah", phoneNumber: "012-3456789", email: "a@example.my" });
}

describe("createLeadFlow options", () => {
  it("names the option at fault", () => {
    expect(() => createLeadFlow({ environment: "test" } as never)).toThrow('"api"');
    expect(() => createLeadFlow({ api: createFakeApi().leadApi } as never)).toThrow(
      /"environment"/,
    );
  });
});

describe("without a saved token", () => {
  it("rejects every token-gated call with exactly 'Token is unavailable' and sends nothing", async () => {
    const { flow, calls } = setup();
    const gated: Array<() => Promise<unknown>> = [
      () => flow.loadOffers(),
      () => flow.updateLead({ phoneNumber: "0123456789" }),
      () => flow.giveConsent(),
      () => flow.generateOtp("0123456789"),
      () => flow.verifyOtp("123456"),
      () => flow.uploadDocument(pdf()),
      () => flow.deleteDocument("doc-1", "pdf"),
      () => flow.updateOrder({ packageId: "fibre-300" }),
      () => flow.purchase(),
    ];
    for (const call of gated) {
      const error = await rejection(call());
      expect(error.message).toBe("Token is unavailable");
      expect(isLeadFlowError(error, "missing-token")).toBe(true);
    }
    expect(calls()).toBe(0);
    expect(flow.getSnapshot().errors.updateLead?.message).toBe("Token is unavailable");
  });

  it("rejects the entitled-fibre check with '{product} Token is unavailable'", async () => {
    for (const product of ["fibre", "tv"] as const) {
      const { flow, calls } = setup({ product });
      for (const productToken of ["", null, undefined]) {
        const error = await rejection(flow.checkEntitled({ productToken }));
        expect(error.message).toBe(`${product} Token is unavailable`);
        expect(error.code).toBe("missing-product-token");
      }
      expect(calls()).toBe(0);
    }
  });

  it("notices a token removed from storage behind its back", async () => {
    const { flow, storage, calls } = setup();
    await flow.generateLead();
    storage.removeItem(flow.storageKeys.token);
    const error = await rejection(flow.giveConsent());
    expect(error.message).toBe("Token is unavailable");
    expect(flow.getSnapshot().hasToken).toBe(false);
    expect(calls()).toBe(1);
  });
});

describe("the journey", () => {
  it("generates the lead with product and language, and saves the token", async () => {
    const { flow, api, storage } = setup({ language: "en" });
    const seen: string[] = [];
    flow.subscribe(() => seen.push(flow.getSnapshot().step));
    await expect(flow.generateLead({ packageId: "fibre-300" })).resolves.toEqual({
      leadId: "3f1c1d2e-0000-4000-8000-000000000001",
    });
    expect(api.shop.generateSbbLead).toHaveBeenCalledWith(
      { product: "fibre", language: "en", packageId: "fibre-300" },
      // One Idempotency-Key per creation, sent again by its retries.
      { idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/), retries: 2 },
    );
    expect(storage.getItem("portal.lead-flow.fibre.token")).toBe("jwt.lead.token");
    expect(flow.getSnapshot()).toMatchObject({ step: "address", hasToken: true });
    expect(seen).toEqual(["start", "address"]);
    expect(JSON.parse(storage.getItem("portal.lead-flow.fibre.journey")!)).toMatchObject({
      version: 3,
      savedAt: Date.parse("2026-11-21T06:00:00Z"),
      journey: { step: "address", leadId: "3f1c1d2e-0000-4000-8000-000000000001" },
    });
    expect(storage.getItem("portal.lead-flow.fibre.journey")).not.toContain("jwt.lead.token");
  });

  it("maps landed/multiStorey, sends the token, and checks coverage for the product", async () => {
    const { flow, api } = setup({ product: "fibre" });
    await flow.generateLead();
    await flow.searchAddress({ postalCode: "50450", residenceType: "landed", streetName: "" });
    expect(api.address.greenfieldSearch).toHaveBeenCalledWith(
      { postalCode: "50450", residenceType: 1 },
      { token: "jwt.lead.token" },
    );
    await flow.checkCoverage();
    expect(api.address.checkIspCoverage).toHaveBeenCalledWith(
      { postalCode: "50450", residenceType: 1 },
      { token: "jwt.lead.token", params: { platform: "fibre" } },
    );
    expect(flow.getSnapshot().step).toBe("address");
  });

  it("creates the lead with the search, and a new one once when the token expired", async () => {
    const { flow, api } = setup();
    flow.begin({ packageId: "fibre-500", addOnIds: ["sports-pack"] });
    await flow.searchAddress({ postalCode: "47301", residenceType: "landed" });
    expect(api.shop.generateSbbLead).toHaveBeenCalledWith(
      { product: "fibre", language: "bm", packageId: "fibre-500" },
      { idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/), retries: 2 },
    );
    // The 24 h token has expired: a new lead, the same search again, what was chosen kept.
    api.address.greenfieldSearch.mockRejectedValueOnce(
      httpFailure(401, { statusCode: 401, code: "auth.token.expired" }),
    );
    const found = await flow.searchAddress({ postalCode: "47301", residenceType: "landed" });
    expect(found).toHaveLength(1);
    expect(api.shop.generateSbbLead).toHaveBeenCalledTimes(2);
    expect(api.address.greenfieldSearch).toHaveBeenCalledTimes(3);
    expect(flow.getSnapshot()).toMatchObject({
      hasToken: true,
      step: "address",
      searchPayload: { postalCode: "47301", residenceType: 1 },
      selection: { packageId: "fibre-500", addOnIds: ["sports-pack"] },
      errors: {},
    });
  });

  it("records a covered address on the lead and loads its offers", async () => {
    const { flow, api } = setup({ language: "en" });
    const [address] = await flow.searchAddress({ postalCode: "47301", residenceType: "landed" });
    const coverage = await flow.selectAddress(address!, { unitNumber: "A-1" });
    expect(coverage.covered).toBe(true);
    expect(api.address.checkIspCoverage).toHaveBeenLastCalledWith(
      {
        postalCode: "47301",
        residenceType: 1,
        streetName: "SS 7/26",
        streetType: "Jalan",
        houseNumber: "2",
      },
      { token: "jwt.lead.token", params: { platform: "fibre" } },
    );
    expect(api.shop.updateSbbLead).toHaveBeenCalledWith(
      { address: { addressId: ADDRESS.addressId, unitNumber: "A-1" } },
      { token: "jwt.lead.token" },
    );
    expect(api.shop.getSbbOffers).toHaveBeenCalledWith({ lang: "en" }, { token: "jwt.lead.token" });
    expect(flow.getSnapshot()).toMatchObject({
      step: "package",
      address: ADDRESS,
      offersLanguage: "en",
      offers: { maxSpeedMbps: 100 },
    });
    // Names come in the visitor's language: a switch reads the offers again.
    flow.setLanguage("bm");
    await vi.waitFor(() => expect(flow.getSnapshot().offersLanguage).toBe("bm"));
    expect(api.shop.getSbbOffers).toHaveBeenLastCalledWith(
      { lang: "bm" },
      { token: "jwt.lead.token" },
    );
  });

  it("stays at the address when it is not covered", async () => {
    const { flow, api } = setup();
    const [address] = await flow.searchAddress({ postalCode: "45000", residenceType: "landed" });
    api.address.checkIspCoverage.mockResolvedValueOnce({
      success: true,
      statusCode: 200,
      data: { platform: "fibre", covered: false, address: ADDRESS, networks: [] },
    } as never);
    const coverage = await flow.selectAddress(address!);
    expect(coverage.covered).toBe(false);
    expect(api.shop.updateSbbLead).not.toHaveBeenCalled();
    expect(flow.getSnapshot()).toMatchObject({ step: "address", errors: {} });
    expect(flow.getSnapshot().loading.selectAddress).toBe(false);
  });

  it("refuses an invalid search before sending it", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    const error = await rejection(
      flow.searchAddress({ postalCode: "5045", residenceType: "landed" }),
    );
    expect(error).toMatchObject({
      code: "invalid-input",
      fieldErrors: [{ field: "postalCode", code: "validation.postcode.digits" }],
    });
    expect(api.address.greenfieldSearch).not.toHaveBeenCalled();
  });

  it("maps a refused lead update to flags", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    api.shop.updateSbbLead.mockRejectedValueOnce(
      httpFailure(400, {
        statusCode: 400,
        error: "Bad Request",
        message: "Lead update failed",
        errors: [{ message: "not covered", context: { key: "address" } }],
      }),
    );
    const error = await rejection(flow.updateLead({ address: { addressId: "KL-50450-000123" } }));
    expect(error).toMatchObject({ code: "lead-update-rejected", statusCode: 400 });
    expect(flow.getSnapshot().leadUpdateFlags).toMatchObject({
      isErrorNotInCoverage: true,
      isPhoneNumberInValid: false,
    });
  });

  it("flags invalid contact fields before sending, with canonical numbers otherwise", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    await rejection(flow.updateLead({ phoneNumber: "0312345678", email: "nope" }));
    expect(api.shop.updateSbbLead).not.toHaveBeenCalled();
    expect(flow.getSnapshot().leadUpdateFlags).toEqual({
      isPhoneNumberInValid: true,
      isAlternateNumberInValid: false,
      isEmailInValid: true,
      isErrorNotInCoverage: false,
    });
    await flow.updateLead({ phoneNumber: "012-345 6789" });
    expect(api.shop.updateSbbLead).toHaveBeenCalledWith(
      { phoneNumber: "+60123456789" },
      { token: "jwt.lead.token" },
    );
    expect(flow.getSnapshot().leadUpdateFlags).toBeUndefined();
  });

  it("sends consent in the current language with the hash of the text shown", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    flow.setLanguage("en");
    await flow.giveConsent();
    expect(api.shop.submitConsent).toHaveBeenCalledWith(
      {
        language: "en",
        consentTextHash: "c3e043161d10d76c243ea36a65b0c9b963e6d1e38d3d726a6e616fb78e0a717d",
      },
      { token: "jwt.lead.token" },
    );
    expect(flow.getSnapshot().consent).toEqual({ language: "en" });
  });

  it("records the choice as a priced order, the latest answer winning, then submits", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    await flow.updateOrder({ packageId: "fibre-300", installationSlot: "morning" });
    expect(api.shop.updateSbbOrder).toHaveBeenLastCalledWith(
      { packageId: "fibre-300", installationSlot: "morning" },
      { token: "jwt.lead.token" },
    );
    // Two quick changes: the first answer arrives last and does not overwrite the second.
    let release: () => void = () => {};
    api.shop.updateSbbOrder.mockImplementationOnce(
      (body) =>
        new Promise((resolve) => {
          release = () =>
            resolve({ success: true, statusCode: 200, data: orderOf(body.packageId) });
        }) as never,
    );
    const slow = flow.updateOrder({ packageId: "fibre-100" });
    await flow.updateOrder({ addOnIds: ["sports-pack"] });
    expect(api.shop.updateSbbOrder).toHaveBeenLastCalledWith(
      { packageId: "fibre-100", addOnIds: ["sports-pack"] },
      { token: "jwt.lead.token" },
    );
    release();
    await slow;
    expect(flow.getSnapshot().order).toMatchObject({
      packageId: "fibre-100",
      addOnIds: ["sports-pack"],
    });
    expect(flow.getSnapshot().selection).toEqual({
      packageId: "fibre-100",
      addOnIds: ["sports-pack"],
    });
    await flow.purchase();
    expect(api.shop.purchaseLead).toHaveBeenCalledWith(
      { termsAccepted: true },
      {
        token: "jwt.lead.token",
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
        retries: 2,
      },
    );
    expect(flow.getSnapshot()).toMatchObject({
      step: "submitted",
      orderNumber: "SF2611210001",
      submittedAt: "2026-11-21T06:10:00.000Z",
      order: orderOf(),
    });
  });

  it("leaves out the packs the plan includes, and keeps them chosen for another plan", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    api.shop.getSbbOffers.mockResolvedValueOnce({
      success: true,
      statusCode: 200,
      data: {
        ...offersOf(["tv-keluarga", "tv-asas"]),
        plans: offersOf(["tv-keluarga", "tv-asas"]).plans.map((p) =>
          p.id === "tv-keluarga" ? { ...p, includedPackIds: ["kids-pack"] } : p,
        ),
      },
    } as never);
    await flow.loadOffers();
    flow.begin({ addOnIds: ["kids-pack"] });
    await flow.updateOrder({ packageId: "tv-keluarga" });
    expect(api.shop.updateSbbOrder).toHaveBeenLastCalledWith(
      { packageId: "tv-keluarga" },
      { token: "jwt.lead.token" },
    );
    expect(flow.getSnapshot().selection.addOnIds).toEqual(["kids-pack"]);
    await flow.updateOrder({ packageId: "tv-asas" });
    expect(api.shop.updateSbbOrder).toHaveBeenLastCalledWith(
      { packageId: "tv-asas", addOnIds: ["kids-pack"] },
      { token: "jwt.lead.token" },
    );
  });

  it("refuses an order without a plan before sending, and a confirmation without an order", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    expect(await rejection(flow.updateOrder())).toMatchObject({
      code: "invalid-input",
      fieldErrors: [{ field: "packageId", code: "validation.required" }],
    });
    expect(await rejection(flow.confirmPackage())).toMatchObject({
      code: "invalid-step",
      message: "Choose a plan: confirmPackage needs an available plan",
    });
    expect(() => flow.finishDocuments()).toThrow("finishDocuments needs an uploaded document");
    expect(api.shop.updateSbbOrder).not.toHaveBeenCalled();
  });

  it("checks a referral code: too short is refused before any request", async () => {
    const { flow, api, calls } = setup();
    expect(await rejection(flow.applyReferralCode("AB"))).toMatchObject({
      code: "invalid-input",
      fieldErrors: [{ field: "referralCode", code: "validation.referralCode.invalid" }],
    });
    expect(calls()).toBe(0);
    for (const [answer, status] of [
      [httpFailure(404, { code: "referral.notFound" }), "notFound"],
      [{ status: "expired", product: "fibre" }, "expired"],
      [{ status: "exhausted", product: "fibre" }, "exhausted"],
      [{ status: "active", product: "tv" }, "product"],
    ] as const) {
      if (answer instanceof Error) api.content.getReferralInfo.mockRejectedValueOnce(answer);
      else
        api.content.getReferralInfo.mockResolvedValueOnce({
          success: true,
          statusCode: 200,
          data: {
            code: "OLDCODE01",
            referrerName: "R",
            reward: { title: "t", description: "d" },
            ...answer,
          },
        } as never);
      expect(await rejection(flow.applyReferralCode("OLDCODE01"))).toMatchObject({
        code: "referral-rejected",
        referralStatus: status,
      });
    }
    expect(flow.getSnapshot().referral).toBeUndefined();
  });

  it("keeps a usable referral code for the order, and records it on an order already made", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    await flow.updateOrder({ packageId: "fibre-500" });
    const info = await flow.applyReferralCode(" suria 8k2q ");
    expect(info.code).toBe("SURIA8K2Q");
    expect(api.content.getReferralInfo).toHaveBeenCalledWith({ code: "SURIA8K2Q", lang: "bm" });
    expect(api.shop.updateSbbOrder).toHaveBeenLastCalledWith(
      { packageId: "fibre-500", referralCode: "SURIA8K2Q" },
      { token: "jwt.lead.token" },
    );
    expect(flow.getSnapshot()).toMatchObject({
      referral: { code: "SURIA8K2Q", reward: { title: "RM50 rebate" } },
      selection: { referralCode: "SURIA8K2Q" },
      order: { referralCode: "SURIA8K2Q" },
    });
    // The service has the last word: a code it refuses is a referral-rejected error.
    api.shop.updateSbbOrder.mockRejectedValueOnce(
      httpFailure(400, { statusCode: 400, field: "referralCode", code: "referral.exhausted" }),
    );
    expect(await rejection(flow.updateOrder())).toMatchObject({
      code: "referral-rejected",
      referralStatus: "exhausted",
    });
  });

  it("takes a referral code from a link when the journey begins", async () => {
    const { flow, api } = setup();
    flow.begin({ referralCode: "SURIA8K2Q", packageId: "fibre-500" });
    await vi.waitFor(() => expect(flow.getSnapshot().referral?.code).toBe("SURIA8K2Q"));
    expect(api.content.getReferralInfo).toHaveBeenCalledTimes(1);
    await flow.generateLead();
    await flow.updateOrder();
    expect(api.shop.updateSbbOrder).toHaveBeenLastCalledWith(
      { packageId: "fibre-500", referralCode: "SURIA8K2Q" },
      { token: "jwt.lead.token" },
    );
  });

  it("registers interest without a token", async () => {
    const { flow, api } = setup();
    await flow.registerInterest({
      name: "Lim Wei Ming",
      phoneNumber: "019-876 5432",
      product: "fibre",
      postalCode: "81300",
      language: "en",
    });
    expect(api.shop.registerInterest).toHaveBeenCalledWith(
      expect.objectContaining({ phoneNumber: "+60198765432" }),
    );
  });
});

describe("the mock flag", () => {
  it.each([
    ["production", false],
    ["development", true],
    ["test", true],
  ])("environment %s sends mock %s", async (environment, mock) => {
    const { flow, api } = setup({ environment });
    expect(flow.mock).toBe(mock);
    await flow.generateLead();
    await flow.generateOtp("0123456789");
    expect(api.shop.generateOtp).toHaveBeenCalledWith(
      { phoneNumber: "+60123456789", mock },
      { token: "jwt.lead.token" },
    );
    await flow.verifyOtp("123456");
    expect(api.shop.verifyOtp).toHaveBeenCalledWith(
      { phoneNumber: "+60123456789", otp: "123456", code: "ref-00000001", mock },
      { token: "jwt.lead.token" },
    );
  });
});

describe("the OTP resend clock", () => {
  it("counts 180 s down observably and refuses an early resend without a request", async () => {
    const { flow, api, clock } = setup();
    await walkToOtp(flow);
    const seconds: number[] = [];
    flow.subscribe(() => seconds.push(flow.getSnapshot().otp.resendSeconds));
    await flow.generateOtp();
    expect(flow.getSnapshot().otp.resendSeconds).toBe(180);
    clock.advance(3000);
    expect(seconds).toEqual([0, 180, 179, 178, 177]);
    clock.advance(175_500);
    expect(flow.getOtpResendSeconds()).toBe(2);
    const error = await rejection(flow.generateOtp());
    expect(error).toMatchObject({ code: "otp-resend-too-soon", retryAfterSeconds: 2 });
    expect(api.shop.generateOtp).toHaveBeenCalledTimes(1);
    clock.advance(1500);
    expect(flow.getSnapshot().otp.resendSeconds).toBe(0);
    expect(clock.pending).toBe(0);
    await flow.generateOtp();
    expect(api.shop.generateOtp).toHaveBeenCalledTimes(2);
  });

  it("survives a reload: the step, the sent code and the remaining seconds come back", async () => {
    const { flow, clock, make, api } = setup();
    await walkToOtp(flow);
    await flow.generateOtp("0123456789");
    clock.advance(60_000);
    flow.destroy();

    const reloaded = make();
    expect(reloaded.getSnapshot()).toMatchObject({
      step: "otp",
      hasToken: true,
      leadId: "3f1c1d2e-0000-4000-8000-000000000001",
      otp: { phoneNumber: "+60123456789", code: "ref-00000001", resendSeconds: 120 },
    });
    const error = await rejection(reloaded.generateOtp());
    expect(error).toMatchObject({ code: "otp-resend-too-soon", retryAfterSeconds: 120 });
    clock.advance(1000);
    expect(reloaded.getSnapshot().otp.resendSeconds).toBe(119);
    await reloaded.verifyOtp("123456");
    expect(reloaded.getSnapshot().step).toBe("consent");
    expect(api.shop.verifyOtp).toHaveBeenCalledTimes(1);
  });

  it("refuses a second send while the first is in flight", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    const first = flow.generateOtp("0123456789");
    await expect(flow.generateOtp("0123456789")).rejects.toMatchObject({
      code: "otp-resend-too-soon",
    });
    await first;
    expect(api.shop.generateOtp).toHaveBeenCalledTimes(1);
    expect(flow.getSnapshot().loading.generateOtp).toBe(false);
  });

  it("needs a sent OTP before verifying, and reports a wrong one", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    expect(await rejection(flow.verifyOtp("123456"))).toMatchObject({ code: "invalid-step" });
    await flow.generateOtp("0123456789");
    expect(await rejection(flow.verifyOtp("12345"))).toMatchObject({
      code: "invalid-input",
      fieldErrors: [{ field: "otp", code: "validation.otp.format" }],
    });
    api.shop.verifyOtp.mockResolvedValueOnce({
      success: true,
      statusCode: 200,
      data: { verified: false, attemptsLeft: 4 },
    });
    expect(await rejection(flow.verifyOtp("654321"))).toMatchObject({
      code: "otp-incorrect",
      attemptsLeft: 4,
    });
    expect(flow.getSnapshot().otp.verified).toBe(false);
  });
});

describe("resume", () => {
  it("ends the session when the saved token is gone; startAgain keeps the search", async () => {
    const { flow, storage, make } = setup();
    await walkToOtp(flow);
    storage.removeItem("portal.lead-flow.fibre.token");
    const reloaded = make();
    expect(reloaded.getSnapshot()).toMatchObject({ step: "otp", hasToken: false });
    expect(isSessionEnded(reloaded.getSnapshot())).toBe(true);
    reloaded.startAgain();
    expect(isSessionEnded(reloaded.getSnapshot())).toBe(false);
    expect(reloaded.getSnapshot()).toMatchObject({
      step: "start",
      searchPayload: { postalCode: "47301" },
    });
  });

  it("ignores a journey of another product or a corrupt record", async () => {
    const { flow, make, storage } = setup();
    await flow.generateLead();
    expect(make({ product: "tv" }).getSnapshot().step).toBe("start");
    storage.setItem("portal.lead-flow.fibre.journey", "{not json");
    expect(make().getSnapshot().step).toBe("start");
  });

  it("uses its own storage key prefix, and reset forgets everything", async () => {
    const { make, storage } = setup();
    const flow = make({ storageKey: "other" });
    await flow.generateLead();
    expect(storage.getItem("other.fibre.token")).toBe("jwt.lead.token");
    flow.reset();
    expect(storage.getItem("other.fibre.token")).toBeNull();
    expect(storage.getItem("other.fibre.journey")).toBeNull();
    expect(flow.getSnapshot().step).toBe("start");
  });
});

describe("uploads", () => {
  it("validates, signs, PUTs with progress and answers documentId and extension", async () => {
    const { flow, api, putFile } = setup();
    await flow.generateLead();
    const loaded: number[] = [];
    flow.subscribe(() => {
      const upload = flow.getSnapshot().uploads[0];
      if (upload) loaded.push(upload.loaded);
    });
    const file = pdf(1000);
    await expect(flow.uploadDocument(file, { title: "MyKad (front)" })).resolves.toEqual({
      documentId: "doc-1",
      extension: "pdf",
    });
    expect(api.shop.generateSignedUrl).toHaveBeenCalledWith(
      { title: "MyKad (front)", type: "application/pdf" },
      { token: "jwt.lead.token" },
    );
    expect(putFile).toHaveBeenCalledWith(
      "http://localhost:4000/uploads/doc-1?sig=abc",
      file,
      expect.objectContaining({ contentType: "application/pdf" }),
    );
    expect(loaded).toEqual([0, 0, 500, 1000, 1000]);
    expect(flow.getSnapshot().documents).toEqual([
      { documentId: "doc-1", extension: "pdf", name: "mykad.pdf", title: "MyKad (front)" },
    ]);
    await flow.deleteDocument("doc-1");
    expect(api.shop.deleteDocument).toHaveBeenCalledWith(
      { documentId: "doc-1", extension: "pdf" },
      { token: "jwt.lead.token" },
    );
    expect(flow.getSnapshot().documents).toEqual([]);
  });

  it.each([
    [pdf(0), "validation.upload.empty"],
    [pdf(5_000_001), "validation.upload.tooLarge"],
    [pdf(10, "scan.gif", "image/gif"), "validation.upload.type"],
  ])("refuses %o before any request", async (file, code) => {
    const { flow, api, putFile } = setup();
    await flow.generateLead();
    const error = await rejection(flow.uploadDocument(file));
    expect(error).toMatchObject({ code: "invalid-input", fieldErrors: [{ field: "file", code }] });
    expect(api.shop.generateSignedUrl).not.toHaveBeenCalled();
    expect(putFile).not.toHaveBeenCalled();
  });

  it("accepts exactly 5,000,000 bytes", async () => {
    const { flow } = setup();
    await flow.generateLead();
    await expect(flow.uploadDocument(pdf(5_000_000))).resolves.toMatchObject({
      documentId: "doc-1",
    });
  });

  it("records a failed PUT on the upload, with the service's reason", async () => {
    const { flow, putFile } = setup();
    await flow.generateLead();
    putFile.mockRejectedValueOnce(
      httpFailure(415, { statusCode: 415, code: "upload.type.mismatch" }),
    );
    await rejection(flow.uploadDocument(pdf()));
    expect(flow.getSnapshot().uploads[0]).toMatchObject({
      status: "failed",
      error: { statusCode: 415, reason: "upload.type.mismatch" },
    });
    expect(flow.getSnapshot().loading.uploadDocument).toBe(false);
  });
});

describe("the entitled-fibre check", () => {
  it("answers the data with the product token", async () => {
    const { flow, api } = setup();
    await expect(flow.checkEntitled({ productToken: "p.jwt" })).resolves.toMatchObject({
      entitled: true,
      claimed: false,
    });
    expect(api.content.getEntitledAstroFibre).toHaveBeenCalledWith({ token: "p.jwt" });
    await flow.checkEntitled({ productToken: "p.jwt", claim: true });
    expect(api.content.claimEntitledAstroFibre).toHaveBeenCalledWith({}, { token: "p.jwt" });
    expect(flow.getSnapshot().entitled).toMatchObject({
      status: "entitled",
      data: { accountNumber: "1000234567" },
      claim: { claimId: "7d1c1d2e-0000-4000-8000-000000000009" },
    });
  });

  it("tells no answer (network) apart from a refusal", async () => {
    const { flow, api } = setup();
    api.content.getEntitledAstroFibre.mockRejectedValueOnce(
      Object.assign(new Error("Network Error"), { code: "network", statusCode: 400 }),
    );
    expect(await rejection(flow.checkEntitled({ productToken: "p.jwt" }))).toMatchObject({
      code: "request-failed",
      message: "Network Error",
    });
    expect(flow.getSnapshot().entitled.status).toBe("idle");
  });

  it.each([
    [{ errors: [{ errorCode: "SMC_MANDATORY", message: "x" }] }, "ASTRO_FIBRE_INVALID_TOKEN"],
    [
      { errors: [{ errorCode: "ASTRO_FIBRE_NOT_ENTITLED", message: "x" }] },
      "ASTRO_FIBRE_NOT_ENTITLED",
    ],
    ["Internal Server Error", "ASTRO_FIBRE_INVALID_TOKEN"],
  ])("maps %j to %s", async (body, code) => {
    const { flow, api } = setup();
    api.content.getEntitledAstroFibre.mockRejectedValueOnce(httpFailure(403, body));
    const error = await rejection(flow.checkEntitled({ productToken: "p.jwt" }));
    expect(error).toMatchObject({ code: "entitled-rejected", entitledCode: code, message: code });
    expect(flow.getSnapshot().entitled).toEqual({ status: "rejected", errorCode: code });
  });
});

describe("sessions", () => {
  it("ends when the service answers 401 mid-journey, and starts again keeping the search", async () => {
    const { flow, api, storage } = setup();
    await walkToOtp(flow);
    api.shop.generateOtp.mockRejectedValueOnce(httpFailure(401, { code: "auth.token.expired" }));
    await rejection(flow.generateOtp());
    expect(flow.getSnapshot().hasToken).toBe(false);
    expect(storage.getItem(flow.storageKeys.token)).toBeNull();
    flow.startAgain();
    expect(flow.getSnapshot()).toMatchObject({
      step: "start",
      searchPayload: { postalCode: "47301", residenceType: 1 },
      selection: { packageId: "fibre-500", addOnIds: [] },
    });
    expect(flow.getSnapshot().leadId).toBeUndefined();
  });

  it("begins a new journey after a submitted one", async () => {
    const { flow, make } = setup();
    await walkToOtp(flow);
    await flow.purchase();
    // A reload keeps the confirmation.
    expect(make().getSnapshot()).toMatchObject({ step: "submitted", orderNumber: "SF2611210001" });
    flow.begin({ packageId: "fibre-100" });
    expect(flow.getSnapshot()).toMatchObject({
      step: "start",
      hasToken: false,
      selection: { packageId: "fibre-100", addOnIds: [] },
    });
    expect(flow.getSnapshot().orderNumber).toBeUndefined();
    expect(make().getSnapshot().step).toBe("start");
  });

  it("shows a server render the state before the restore, so hydration matches", async () => {
    const { flow, make } = setup();
    await walkToOtp(flow);
    const deferred = make({ restore: false });
    expect(deferred.getSnapshot()).toMatchObject({ step: "start", restored: false });
    deferred.restore();
    expect(deferred.getSnapshot()).toMatchObject({ step: "otp", restored: true });
    expect(deferred.getServerSnapshot()).toMatchObject({ step: "start", restored: false });
    // With nothing saved, the restore still says it ran.
    const empty = setup().make({ restore: false });
    empty.restore();
    expect(empty.getSnapshot().restored).toBe(true);
    expect(empty.getServerSnapshot().restored).toBe(false);
    // Restored at creation too: the server snapshot is the state before the restore.
    const restoredAtOnce = make();
    expect(restoredAtOnce.getSnapshot()).toMatchObject({ step: "otp", restored: true });
    expect(restoredAtOnce.getServerSnapshot()).toMatchObject({ step: "start", restored: false });
  });
});

describe("request failures", () => {
  it("keep the transport's status and message", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    api.shop.submitConsent.mockRejectedValueOnce(httpFailure(409, { code: "lead.submitted" }));
    const error = await rejection(flow.giveConsent());
    expect(error).toMatchObject({
      code: "request-failed",
      statusCode: 409,
      reason: "lead.submitted",
    });
    expect(flow.getSnapshot().errors.giveConsent).toMatchObject({
      statusCode: 409,
      reason: "lead.submitted",
    });
    expect(flow.getSnapshot().loading.giveConsent).toBe(false);
  });

  it("carry no reason when the body has no string code", async () => {
    const { flow, api } = setup();
    await flow.generateLead();
    api.shop.submitConsent.mockRejectedValueOnce(httpFailure(500, "Internal Server Error"));
    const error = await rejection(flow.giveConsent());
    expect(error).toMatchObject({ code: "request-failed", statusCode: 500 });
    expect((error as { reason?: string }).reason).toBeUndefined();
    expect(flow.getSnapshot().errors.giveConsent).not.toHaveProperty("reason");
  });
});
