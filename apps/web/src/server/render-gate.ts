/**
 * Runs page renders under a concurrency limit, with a bounded queue and one render per key.
 *
 * - At most `concurrency` renders run at once; the next ones wait in a FIFO queue.
 * - When `maxQueue` renders already wait, a new one is refused at once (`RenderRefused`, the
 *   server answers 503 with Retry-After): refusing costs nothing, rendering under overload costs
 *   every visitor seconds.
 * - A render that waited longer than `maxWaitMs` is refused too (its visitor has likely gone).
 * - Concurrent requests for the same key share one render (coalescing): the first starts it, the
 *   others wait for its result. Only the result is shared, never a request: the render is for the
 *   key's URL (same for all of them by construction of the key).
 *
 * Written here rather than with p-limit/p-queue: neither coalesces by key nor refuses when the
 * queue is full or a wait too long (p-queue can report its size, but the refusal, the wait limit
 * and the per-key sharing would still be ours), and the whole is 60 lines.
 */
export class RenderRefused extends Error {
  override readonly name = "RenderRefused";
  constructor(readonly reason: "queue-full" | "waited-too-long") {
    super(reason === "queue-full" ? "render queue full" : "waited too long for a render slot");
  }
}

export interface RenderGateOptions {
  concurrency: number;
  maxQueue: number;
  maxWaitMs: number;
}

export class RenderGate {
  readonly #options: RenderGateOptions;
  #running = 0;
  readonly #queue: Array<{
    start: () => void;
    refuse: (error: Error) => void;
    timer: NodeJS.Timeout;
  }> = [];
  readonly #inFlight = new Map<string, Promise<unknown>>();

  constructor(options: RenderGateOptions) {
    this.#options = { ...options, concurrency: Math.max(1, options.concurrency) };
  }

  /** Renders running now, and waiting. */
  get stats() {
    return { running: this.#running, queued: this.#queue.length, keys: this.#inFlight.size };
  }

  /**
   * Runs `work` for `key`, or joins the run already going for that key. `shared` is true for a
   * caller that joined another's run.
   */
  run<T>(key: string, work: () => Promise<T>): Promise<{ value: T; shared: boolean }> {
    const running = this.#inFlight.get(key) as Promise<T> | undefined;
    if (running) return running.then((value) => ({ value, shared: true }));
    const promise = this.#limited(work);
    this.#inFlight.set(key, promise);
    const forget = () => {
      if (this.#inFlight.get(key) === promise) this.#inFlight.delete(key);
    };
    promise.then(forget, forget);
    return promise.then((value) => ({ value, shared: false }));
  }

  async #limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#options.concurrency) await this.#slot();
    else this.#running++;
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  /** Waits for a slot; the slot is handed over already counted (see #release). */
  #slot(): Promise<void> {
    if (this.#queue.length >= this.#options.maxQueue)
      return Promise.reject(new RenderRefused("queue-full"));
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        refuse: reject,
        timer: setTimeout(() => {
          const index = this.#queue.indexOf(entry);
          if (index >= 0) this.#queue.splice(index, 1);
          reject(new RenderRefused("waited-too-long"));
        }, this.#options.maxWaitMs),
      };
      entry.timer.unref?.();
      this.#queue.push(entry);
    });
  }

  #release(): void {
    const next = this.#queue.shift();
    // The slot passes to the next waiter as it is (the running count stays the same).
    if (next) next.start();
    else this.#running--;
  }
}
