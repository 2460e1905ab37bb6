/**
 * How long a route's loader may hold the page for its content.
 *
 * On the server the first byte waits for the content at most `firstByteMs`: content that arrives
 * in time is rendered into the page (with its real status code, cacheable); content that does not
 * is left to stream in, and the page frame with a skeleton goes out at once (`deferred` turns
 * true, so the response is neither cached nor given an ETag). In the browser loaders wait for
 * their content; the router shows the skeleton after its pending delay.
 */
export interface ContentBudget {
  /** Waits for `work` within the budget; never rejects once the budget has passed. */
  wait(work: Promise<unknown>): Promise<void>;
  /** True once some content missed the budget (the response streams it). */
  readonly deferred: boolean;
}

/** The browser's budget: loaders wait for their content. */
export const waitForContent: ContentBudget = {
  wait: async (work) => {
    await work;
  },
  deferred: false,
};

/** A server request's budget: at most `firstByteMs` before the first byte. */
export function createContentBudget(firstByteMs: number): ContentBudget {
  let deferred = false;
  return {
    get deferred() {
      return deferred;
    },
    wait(work) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), firstByteMs);
      });
      return Promise.race([work.then(() => "done" as const), late]).then(
        (result) => {
          clearTimeout(timer);
          if (result === "late") {
            deferred = true;
            // The page renders without it; its failure shows in the page, not here.
            work.catch(() => undefined);
          }
        },
        (error: unknown) => {
          clearTimeout(timer);
          throw error;
        },
      );
    },
  };
}
