import { describe, expect, it } from "vitest";
import {
  createLeadFlow,
  createMemoryStorage,
  dueLoads,
  initialState,
  originFromSearch,
  type LeadFlowOptions,
  type Step,
} from "../index.js";
import { ADDRESS, createFakeApi, createFakeClock, offersOf, orderOf } from "./fakes.js";

// Every way into the sign-up sells (issue 20): a link's plan is priced and can be bought, what the
// visitor types is never reverted, one lead at a time.
function setup(options: Partial<LeadFlowOptions> = {}) {
  const fake = createFakeApi();
  const storage = createMemoryStorage();
  const clock = createFakeClock();
  const make = (extra: Partial<LeadFlowOptions> = {}) =>
    createLeadFlow({
      api: fake.leadApi,
      environment: "test",
      storage,
      clock,
      ...options,
      ...extra,
    });
  return { ...fake, storage, clock, make };
}

const landed47301 = { postalCode: "47301", residenceType: "landed" } as const;

describe("originFromSearch", () => {
  it("keeps the well-formed plan, pack, referral code and postcode of a link", () => {
    expect(
      originFromSearch("?package=fibre-500&addOn=sports-pack&referral=suria%208k2q&postcode=47301"),
    ).toEqual({
      packageId: "fibre-500",
      addOnIds: ["sports-pack"],
      referralCode: "SURIA8K2Q",
      postcode: "47301",
    });
    expect(
      originFromSearch({ package: "<script>", addOn: 3, referral: "AB", postcode: "4730" }),
    ).toEqual({});
    expect(originFromSearch(new URLSearchParams("package=tv-keluarga"))).toEqual({
      packageId: "tv-keluarga",
    });
  });
});

describe("a link's plan", () => {
  it("is recorded and priced once the address's offers arrive, and Continue goes on", async () => {
    const { make, api } = setup({ entry: "?package=fibre-500" });
    api.shop.getSbbOffers.mockImplementation(() =>
      Promise.resolve({
        success: true as const,
        statusCode: 200,
        data: offersOf(["fibre-100", "fibre-500"]),
      }),
    );
    const flow = make();
    expect(flow.getSnapshot().selection.packageId).toBe("fibre-500");
    const [address] = await flow.searchAddress(landed47301);
    await flow.selectAddress(address!);
    await flow.settled();
    expect(api.shop.updateSbbOrder).toHaveBeenCalledTimes(1);
    expect(api.shop.updateSbbOrder).toHaveBeenCalledWith(
      { packageId: "fibre-500" },
      { token: "jwt.lead.token" },
    );
    expect(flow.getSnapshot()).toMatchObject({
      step: "package",
      selection: { packageId: "fibre-500" },
      order: {
        packageId: "fibre-500",
        price: { periods: [{ monthlyRm: 129 }, { monthlyRm: 169 }] },
      },
    });
    await flow.confirmPackage();
    expect(flow.getSnapshot().step).toBe("details");
    expect(api.shop.updateSbbOrder).toHaveBeenCalledTimes(1);
  });

  it("Continue right after the link waits for the order under way instead of refusing", async () => {
    const { make, api } = setup({ entry: { package: "fibre-100" } });
    const flow = make();
    const [address] = await flow.searchAddress(landed47301);
    await flow.selectAddress(address!);
    // The order is being recorded (a due load): Continue now still goes on.
    await flow.confirmPackage();
    expect(flow.getSnapshot()).toMatchObject({
      step: "details",
      order: { packageId: "fibre-100" },
    });
    expect(api.shop.updateSbbOrder).toHaveBeenCalledTimes(1);
  });

  it("the same link again does not undo a later choice; another link does choose", async () => {
    const { make, api } = setup({ entry: "?package=fibre-100" });
    api.shop.getSbbOffers.mockImplementation(() =>
      Promise.resolve({
        success: true as const,
        statusCode: 200,
        data: offersOf(["fibre-100", "fibre-500"]),
      }),
    );
    const flow = make();
    const [address] = await flow.searchAddress(landed47301);
    await flow.selectAddress(address!);
    await flow.updateOrder({ packageId: "fibre-500" });
    await flow.confirmPackage();
    // A reload of the page that has the link in its URL, or a language switch.
    const reloaded = make({ entry: "?package=fibre-100" });
    expect(reloaded.getSnapshot()).toMatchObject({
      step: "details",
      selection: { packageId: "fibre-500" },
    });
    // A link to another plan: the plan step again, priced with it.
    reloaded.enter("?package=fibre-100&addOn=sports-pack");
    expect(reloaded.getSnapshot()).toMatchObject({
      step: "package",
      selection: { packageId: "fibre-100", addOnIds: ["sports-pack"] },
    });
    await reloaded.settled();
    expect(reloaded.getSnapshot().order).toMatchObject({
      packageId: "fibre-100",
      addOnIds: ["sports-pack"],
    });
  });

  it("a plan the address cannot get is not chosen, and nothing is ordered", async () => {
    const { make, api } = setup({ entry: "?package=fibre-1000" });
    const flow = make();
    const [address] = await flow.searchAddress(landed47301);
    await flow.selectAddress(address!);
    await flow.settled();
    expect(flow.getSnapshot().selection.packageId).toBeUndefined();
    expect(api.shop.updateSbbOrder).not.toHaveBeenCalled();
    expect(await flow.confirmPackage().catch((e: Error) => e.message)).toBe(
      "Choose a plan: confirmPackage needs an available plan",
    );
  });
});

describe("what the visitor types", () => {
  it("is kept by the flow; the restore fills only the fields not typed since", () => {
    const { make } = setup();
    const first = make();
    first.edit("search", { postalCode: "45000", residenceType: "landed", city: "Shah Alam" });
    return first.searchAddress().then(() => {
      const later = make({ restore: false });
      // Typed before the saved journey was read: the postcode stays.
      later.edit("search", { postalCode: "47301" });
      later.restore();
      expect(later.getSnapshot().drafts.search).toMatchObject({
        postalCode: "47301",
        residenceType: "landed",
        city: "Shah Alam",
      });
    });
  });

  it("a link's postcode is the newest input and fills the search", () => {
    const { make } = setup();
    const flow = make({ entry: "?postcode=34000" });
    expect(flow.getSnapshot().drafts.search.postalCode).toBe("34000");
  });
});

describe("the steps that show the offers load them", () => {
  it("the review and the confirmation, after a reload, read the names of the plan and packs", () => {
    const at = (step: Step) => ({
      ...initialState("fibre", "bm", true),
      restored: true,
      hasToken: true,
      address: ADDRESS,
      order: orderOf("fibre-100"),
      selection: { packageId: "fibre-100", addOnIds: [] },
      step,
    });
    expect(dueLoads(at("review"))).toEqual(["loadOffers"]);
    expect(dueLoads(at("submitted"))).toEqual(["loadOffers"]);
    expect(dueLoads(at("details"))).toEqual([]);
    // The confirmation loads nothing else (the order is final).
    expect(
      dueLoads({ ...at("submitted"), offers: offersOf(["fibre-500"]), offersLanguage: "bm" }),
    ).toEqual([]);
  });

  it("the search a visitor typed is sent without the spaces around its values", async () => {
    const { make, api } = setup();
    const flow = make();
    flow.edit("search", {
      postalCode: " 47301 ",
      residenceType: "landed",
      city: " Petaling Jaya ",
    });
    await flow.searchAddress();
    expect((api.address.greenfieldSearch.mock.calls[0] as unknown[])[0]).toEqual({
      postalCode: "47301",
      residenceType: 1,
      city: "Petaling Jaya",
    });
  });
});

describe("one lead at a time", () => {
  it("two searches at once create one lead", async () => {
    const { make, api } = setup();
    const flow = make();
    await Promise.all([flow.searchAddress(landed47301), flow.searchAddress(landed47301)]);
    expect(api.shop.generateSbbLead).toHaveBeenCalledTimes(1);
    expect(api.address.greenfieldSearch).toHaveBeenCalledTimes(2);
  });
});

describe("register interest", () => {
  it("carries the address that is not covered, and sends the form as typed", async () => {
    const { make, api } = setup({ language: "en" });
    api.address.checkIspCoverage.mockImplementation(() =>
      Promise.resolve({
        success: true as const,
        statusCode: 200,
        data: { platform: "fibre" as const, covered: false, address: ADDRESS, networks: [] },
      }),
    );
    const flow = make();
    const [address] = await flow.searchAddress(landed47301);
    await flow.selectAddress(address!);
    expect(flow.getSnapshot().drafts.interest).toMatchObject({
      postalCode: "47301",
      residenceType: "landed",
      address: ADDRESS.formatted,
    });
    flow.edit("interest", { name: "Aminah Yusof", phoneNumber: "012-345 6789" });
    await flow.registerInterest();
    // Issue 24: the register address out of coverage goes with it; no consent, none sent.
    expect(api.shop.registerInterest).toHaveBeenCalledWith({
      name: "Aminah Yusof",
      phoneNumber: "+60123456789",
      product: "fibre",
      language: "en",
      postalCode: "47301",
      residenceType: 1,
      address: ADDRESS.formatted,
      addressId: ADDRESS.addressId,
    });
  });

  it("sends the plan of the link and the consent to an SMS when coverage arrives", async () => {
    const { make, api } = setup({ language: "bm" });
    api.address.checkIspCoverage.mockImplementation(() =>
      Promise.resolve({
        success: true as const,
        statusCode: 200,
        data: { platform: "fibre" as const, covered: false, address: ADDRESS, networks: [] },
      }),
    );
    const flow = make();
    flow.enter("?package=fibre-300");
    const [address] = await flow.searchAddress(landed47301);
    await flow.selectAddress(address!);
    flow.edit("interest", {
      name: "Aminah Yusof",
      phoneNumber: "012-345 6789",
      contactConsent: "yes",
    });
    await flow.registerInterest();
    expect(api.shop.registerInterest).toHaveBeenCalledWith({
      name: "Aminah Yusof",
      phoneNumber: "+60123456789",
      product: "fibre",
      language: "bm",
      postalCode: "47301",
      residenceType: 1,
      address: ADDRESS.formatted,
      addressId: ADDRESS.addressId,
      packageId: "fibre-300",
      contactConsent: true,
    });
  });
});
