/** Source of the current time; injected so tests can move time. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

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
