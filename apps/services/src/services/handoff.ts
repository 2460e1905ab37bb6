/**
 * Issue 24, "continue on your phone": a half-done sign-up handed to a second device. The first
 * device sends its saved journey (the record @portal/lead-flow keeps in local storage) with its
 * lead token and gets a short code: 22 characters, 128 random bits, only its SHA-256 stored,
 * valid 30 minutes (never past the lead token), used once. The second device redeems the code
 * and gets the journey back with a lead token for the same lead that ends when the first one
 * does (24 hours after the lead was made), so the retention rules of a draft do not move.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/database.js";
import type { Clock } from "../lib/clock.js";
import { HttpError, notFound } from "../lib/errors.js";
import { TOKEN_TTL, type TokenService } from "./tokens.js";

/** How long a handoff code lives (capped by the lead token's own end). */
export const HANDOFF_TTL_SECONDS = 30 * 60;

/** The largest saved journey a handoff carries (bytes of JSON). */
export const HANDOFF_MAX_JOURNEY_BYTES = 32 * 1024;

const hash = (code: string) => createHash("sha256").update(code).digest("base64url");

export class HandoffService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  /** A code for the lead's journey (the lead must be a draft: a submitted one is tracked). */
  async create(leadId: string, journey: Record<string, unknown>) {
    const now = this.clock.now();
    const { rows } = await this.db.query<{ status: string; created_at: string | Date }>(
      "select status, created_at from leads where id = $1",
      [leadId],
    );
    const lead = rows[0];
    if (!lead) throw notFound();
    if (lead.status !== "draft")
      throw new HttpError(409, "The lead is already submitted", { code: "lead.submitted" });
    const tokenEnds = new Date(lead.created_at).getTime() + TOKEN_TTL.lead * 1000;
    const expiresAt = new Date(Math.min(now.getTime() + HANDOFF_TTL_SECONDS * 1000, tokenEnds));
    const code = randomBytes(16).toString("base64url");
    await this.db.query(
      `insert into lead_handoffs (code_hash, lead_id, journey, created_at, expires_at)
       values ($1, $2, $3::jsonb, $4, $5)`,
      [hash(code), leadId, JSON.stringify(journey), now.toISOString(), expiresAt.toISOString()],
    );
    return { code, expiresAt: expiresAt.toISOString() };
  }

  /** Uses a code once: the journey and a lead token; unknown, used or expired: 404. */
  async redeem(code: string) {
    const now = this.clock.now();
    const { rows } = await this.db.query<{
      lead_id: string;
      journey: Record<string, unknown>;
      expires_at: string | Date;
      created: string | Date;
      status: string;
    }>(
      `delete from lead_handoffs h using leads l
       where h.code_hash = $1 and l.id = h.lead_id
       returning h.lead_id, h.journey, h.expires_at, l.created_at as created, l.status`,
      [hash(code)],
    );
    const row = rows[0];
    if (!row || new Date(row.expires_at).getTime() <= now.getTime() || row.status !== "draft")
      throw notFound();
    // Issued as of the lead's creation: it ends exactly when the first device's token does.
    const token = this.tokens.sign("lead", row.lead_id, new Date(row.created));
    const journey =
      typeof row.journey === "string"
        ? (JSON.parse(row.journey) as Record<string, unknown>)
        : row.journey;
    return { leadId: row.lead_id, token, journey };
  }

  /** Deletes expired codes (the retention job). */
  async sweep(): Promise<number> {
    const { rows } = await this.db.query(
      "delete from lead_handoffs where expires_at <= $1 returning code_hash",
      [this.clock.now().toISOString()],
    );
    return rows.length;
  }
}
