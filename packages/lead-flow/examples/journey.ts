// The README's complete journey, from a campaign link to an order number, against the services
// (their URL is the first argument, default http://localhost:4000; not in production, so the mock
// OTP works). The #region block is the README's snippet word for word; the check after it is not.
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";

// #region journey
import { createPortalApi } from "@portal/api-client";
import { createLeadFlow, createMemoryStorage, isLeadFlowError } from "@portal/lead-flow";

/** One visitor's sign-up, from a campaign link to an order number. */
export async function signUp(servicesUrl: string, phoneNumber: string) {
  const api = createPortalApi({
    baseUrls: {
      address: `${servicesUrl}/address`,
      shop: `${servicesUrl}/shop`,
      content: `${servicesUrl}/content`,
    },
  });
  // One flow per visitor (per request on a server; never one at module scope).
  const flow = createLeadFlow({
    api,
    environment: "development", // the OTP mock flag is on unless "production"
    product: "fibre",
    language: "en",
    storage: createMemoryStorage(), // any Storage-like object; browsers default to localStorage
    // 1. Where the visitor came from: a campaign link (the 500 Mbps plan, a friend's code).
    entry: "?package=fibre-500&referral=SURIA8K2Q",
  });

  // Every change of the journey is observable; here, each new step.
  let step = flow.getSnapshot().step;
  const stop = flow.subscribe(() => {
    const next = flow.getSnapshot().step;
    if (next !== step) console.log(`step: ${step} -> ${next}`);
    step = next;
  });

  try {
    // 2. The address, as the visitor types it (the flow keeps the drafts of every form). The
    //    search creates the lead; the picked address is checked and recorded on the lead.
    flow.edit("search", { postalCode: "47301", residenceType: "landed" });
    const addresses = await flow.searchAddress();
    const coverage = await flow.selectAddress(addresses[0]!);
    if (!coverage.covered) throw new Error("Suria Fibre does not reach this address yet");

    // 3. The plans this address can get. The link's plan is chosen and priced by the flow
    //    itself (its referral code checked); confirmPackage waits for that order.
    await flow.settled();
    const { offers, order } = flow.getSnapshot();
    console.log(
      `up to ${offers?.maxSpeedMbps} Mbps here; plans: ${offers?.plans.map((p) => p.id)}`,
    );
    for (const period of order?.price.periods ?? []) {
      const months = period.toMonth ? `months ${period.fromMonth}-${period.toMonth}` : "after";
      console.log(`  RM${period.monthlyRm}/month ${months}`);
    }
    console.log(
      `  installation RM${order?.price.installationFeeRm}, referral ${order?.referralCode}`,
    );
    await flow.confirmPackage();

    // 4. Contact details as typed (numbers are sent as +60...), then the one-time code.
    flow.edit("contact", { name: "Aminah binti Yusof", phoneNumber, email: "aminah@example.my" });
    await flow.updateLead();
    await flow.generateOtp(); // another send for this phone is refused for 180 s
    flow.edit("otp", "123456"); // the mock OTP outside production
    await flow.verifyOtp();

    // 5. Consent, in the flow's language, and a document (validated, signed, streamed).
    await flow.giveConsent();
    const pdf = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
    const file = new File([pdf], "mykad-front.pdf", { type: "application/pdf" });
    const { documentId } = await flow.uploadDocument(file, { title: "MyKad (front)" });
    console.log(`uploaded ${documentId} (${file.size} bytes)`);
    flow.finishDocuments();

    // 6. The installation slot: the flow loads the address's slots on entering the step; the
    // first one is held for 10 minutes (another visitor may take it first: order.slot.taken).
    await flow.settled();
    const first = flow.getSnapshot().slots?.slots[0];
    if (first) await flow.holdSlot(first);
    flow.confirmSlot();

    // 7. The purchase books the slot: one lead, one order number, even if it is sent twice.
    const { orderNumber, order: booked } = await flow.purchase();
    console.log(`order number ${orderNumber}`);
    console.log(`installation ${booked.installationDate} ${booked.installationSlot}`);
    return flow.getSnapshot();
  } catch (error) {
    // Branch on error.code, never on the message.
    if (isLeadFlowError(error)) console.error(error.code, error.reason ?? "", error.message);
    throw error;
  } finally {
    stop();
    flow.destroy(); // stops the resend countdown timer
  }
}
// #endregion journey

// Run as a script: from a campaign link to an order number, SF (fibre) + yymmdd + 4 digits.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const done = await signUp(process.argv[2] ?? "http://localhost:4000", "012-345 6702");
  assert.equal(done.step, "submitted");
  assert.match(done.orderNumber ?? "", /^SF\d{10}$/);
  assert.equal(done.order?.referralCode, "SURIA8K2Q");
  assert.equal(done.order?.packageId, "fibre-500");
}
