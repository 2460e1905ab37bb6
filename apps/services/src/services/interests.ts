/**
 * Register interest, and issue 24's "Notify me when it arrives": an operator's coverage import (`ops import-coverage`)
 * and the link of the SMS it sends. In the import's transaction every fibre registration whose
 * address (or, without one, postcode) the import covers for the first time, with the consent to
 * be contacted and not yet notified, is marked notified and gets one job on the "sms" queue:
 * `{ kind: "coverage", phoneNumber, language, params: { link } }`. The SMS worker (another part
 * of issue 24) sends it. The link opens the sign-up at that address with the plan wanted
 * (README "Notify me when coverage arrives").
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database.js";
import type { KeyLocks } from "../db/key-locks.js";
import type { Clock } from "../lib/clock.js";
import { badRequest, notFound } from "../lib/errors.js";
import { getAddress, upsertAddresses, type AddressImportRow } from "../repositories/addresses.js";
import {
  claimCovered,
  insertInterest,
  latestSince,
  noticeOf,
  type NewInterest,
} from "../repositories/interests.js";
import { toApiAddress } from "./leads.js";
import type { SmsMessage } from "./sms.js";
import type { SmsService } from "./sms-queue.js";
import type { TokenService } from "./tokens.js";

/** A registration as the shop service receives it (shared rules applied). */
export type InterestInput = NewInterest;

/** A phone number registers once per product within this many days (the earlier one answers). */
export const INTEREST_REPEAT_DAYS = 30;

/** The job a coverage SMS is (the SMS worker's contract, services/sms.ts). */
export type CoverageSmsJob = Extract<SmsMessage, { kind: "coverage" }>;

/** The web page a coverage link opens: `/signup/notify/<token>` (`?language=en` for English). */
export const coverageNoticePath = (token: string, language: "bm" | "en") =>
  `/signup/notify/${token}${language === "en" ? "?language=en" : ""}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What one import did: addresses written, addresses newly covered, messages queued. */
export interface CoverageImportReport {
  imported: number;
  covered: number;
  notified: number;
}

/** Register-interest records: registering, the coverage import's SMS, and the SMS's link. */
export class InterestService {
  constructor(
    private readonly db: Database,
    private readonly locks: KeyLocks,
    private readonly sms: Pick<SmsService, "prepare" | "enqueue">,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    private readonly webUrl: string,
  ) {}

  /**
   * Records a registration, or answers the phone's registration of the product made within 30
   * days. Serialised per phone number, so two at once make one record. An `addressId` not in the
   * register is a 400 naming it.
   */
  async register(
    input: InterestInput,
    at: Date,
  ): Promise<{ interestId: string; createdAt: string }> {
    return this.locks.transaction([`interest:${input.phoneNumber}`], async (tx) => {
      const since = new Date(at.getTime() - INTEREST_REPEAT_DAYS * 86_400_000);
      const earlier = await latestSince(tx, input.phoneNumber, input.product, since);
      if (earlier)
        return { interestId: earlier.id, createdAt: new Date(earlier.created_at).toISOString() };
      if (input.addressId && !(await getAddress(tx, input.addressId)))
        throw badRequest(
          "addressId",
          "interest.address.notFound",
          "addressId is not in the register",
        );
      const id = randomUUID();
      await insertInterest(tx, { ...input, id, at });
      return { interestId: id, createdAt: at.toISOString() };
    });
  }

  /** The link of a registration's SMS, valid 30 days from `at`. */
  link(interestId: string, language: "bm" | "en", at: Date): string {
    const token = this.tokens.signCompact("coverage", interestId, at);
    return `${this.webUrl}${coverageNoticePath(token, language)}`;
  }

  /**
   * Writes the rows into the register and, in the same transaction, marks notified and queues
   * one SMS for each registration the new coverage reaches. Run again, it sends nothing more.
   */
  async importAddresses(rows: readonly AddressImportRow[]): Promise<CoverageImportReport> {
    // Outside the transaction: pg-boss reads its queues on its own connection. The queue and its
    // retry policy, as the services make them (the import may run before they ever started).
    await this.sms.prepare();
    const at = this.clock.now();
    return this.db.transaction(async (tx) => {
      const covered = await upsertAddresses(tx, rows);
      const due = await claimCovered(
        tx,
        covered.map((a) => a.id),
        [...new Set(covered.map((a) => a.postal_code))],
        at,
      );
      for (const interest of due) {
        const job: CoverageSmsJob = {
          kind: "coverage",
          phoneNumber: interest.phone_number,
          language: interest.language,
          params: { link: this.link(interest.id, interest.language, at) },
        };
        await this.sms.enqueue(tx, job);
      }
      return { imported: rows.length, covered: covered.length, notified: due.length };
    });
  }

  /** The address and plan of a link's token; a bad, expired or unknown one is a 404. */
  async notice(token: string) {
    const id = this.tokens.verifyCompact("coverage", token);
    if (!id || !UUID.test(id)) throw notFound();
    const interest = await noticeOf(this.db, id);
    const address = interest?.address_id
      ? await getAddress(this.db, interest.address_id)
      : undefined;
    if (!interest || !address) throw notFound();
    // The expiry is the token's own (its second part, base36 seconds).
    const expires = parseInt(token.split(".")[1]!, 36) * 1000;
    return {
      product: interest.product,
      language: interest.language,
      address: toApiAddress(address),
      ...(interest.package_id ? { packageId: interest.package_id } : {}),
      expiresAt: new Date(expires).toISOString(),
    };
  }
}
