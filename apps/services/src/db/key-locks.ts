import { DatabaseUnavailableError, type Database, type Queryable } from "./database.js";

/** Options of {@link KeyLocks}. */
export interface KeyLocksOptions {
  /** Longest a caller waits for its keys, in memory and in the database, before a 503 (ms). */
  waitMs?: number;
}

// Every key at once, without waiting: true when this transaction now holds them all. The two-int
// form keeps these locks apart from the one-bigint locks (migrations 4000, content 4100).
const TRY_LOCKS = `select coalesce(bool_and(pg_try_advisory_xact_lock(4201, hashtext(k))), true) as ok
  from unnest($1::text[]) as k`;

const BUSY = Symbol("busy");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when `promise` settles within `ms`; the timer never outlives the wait. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Read-then-write steps serialised per key (a phone number, a lead, a client address, an
 * account), across instances, without holding a pool connection while waiting. A blocking
 * `pg_advisory_xact_lock` waits inside a transaction, so ten callers queued on one lock held the
 * whole pool and every other request answered 503 (issue 21). Here callers first queue in memory
 * per key (one per instance at a time), then take every key with `pg_try_advisory_xact_lock` in
 * one short transaction; when another instance holds one, the transaction ends at once, the
 * connection goes back, and the caller retries after a few milliseconds.
 */
export class KeyLocks {
  readonly #db: Database;
  readonly #waitMs: number;
  readonly #tails = new Map<string, Promise<void>>();

  constructor(db: Database, opts: KeyLocksOptions = {}) {
    this.#db = db;
    this.#waitMs = opts.waitMs ?? 5000;
  }

  /** Keys queued or held in this instance (tests). */
  get queued(): number {
    return this.#tails.size;
  }

  /** Runs `fn` in one transaction holding every key; 503 when they stay busy past `waitMs`. */
  async transaction<T>(keys: string[], fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const deadline = Date.now() + this.#waitMs;
    const release = await this.#queue(sorted, deadline);
    try {
      for (let attempt = 0; ; attempt += 1) {
        const result = await this.#db.transaction(async (tx) => {
          const { rows } = await tx.query<{ ok: boolean }>(TRY_LOCKS, [sorted]);
          if (!rows[0]?.ok) return BUSY;
          return { value: await fn(tx) };
        });
        if (result !== BUSY) return result.value;
        if (Date.now() >= deadline) throw new DatabaseUnavailableError(new Error("keys busy"));
        // Another instance holds a key for a few statements: back off briefly, with jitter.
        await sleep(Math.min(50, 2 ** attempt) + Math.random() * 5);
      }
    } finally {
      release();
    }
  }

  /** Waits in memory for this instance's earlier callers of the same keys (sorted: no cycles). */
  async #queue(keys: string[], deadline: number): Promise<() => void> {
    const releases: (() => void)[] = [];
    const releaseAll = () => {
      for (const r of releases.reverse()) r();
    };
    for (const key of keys) {
      const previous = this.#tails.get(key) ?? Promise.resolve();
      let open!: () => void;
      const mine = new Promise<void>((resolve) => (open = resolve));
      const tail = previous.then(() => mine);
      this.#tails.set(key, tail);
      releases.push(() => {
        open();
        if (this.#tails.get(key) === tail) this.#tails.delete(key);
      });
      if (!(await within(previous, Math.max(0, deadline - Date.now())))) {
        releaseAll();
        throw new DatabaseUnavailableError(new Error("keys busy"));
      }
    }
    return releaseAll;
  }
}
