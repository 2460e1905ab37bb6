/** Source of the current time; injected so tests can move time. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` and runs at the wall clock's pace (CLOCK_START, outside production). */
export function startedClock(start: Date, wall: () => number = Date.now): Clock {
  const offset = start.getTime() - wall();
  return { now: () => new Date(wall() + offset) };
}

/** A clock that only moves when told to (tests). */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string | number = "2026-11-21T08:00:00Z") {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  /** Moves time forward by the given seconds. */
  advance(seconds: number): void {
    this.#ms += seconds * 1000;
  }
}

/** Malaysia has one time zone, UTC+8, without daylight saving. */
const MALAYSIA_OFFSET_MS = 8 * 3_600_000;

/**
 * The Malaysian calendar day (`YYYY-MM-DD`, UTC+8) of an instant: campaign dates, referral expiry
 * and order numbers are Malaysian days, so 23:30 UTC on 30 November is already 1 December.
 */
export function malaysianDate(at: Date): string {
  return new Date(at.getTime() + MALAYSIA_OFFSET_MS).toISOString().slice(0, 10);
}
