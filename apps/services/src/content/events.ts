import type { Queryable } from "../db/database.js";

type Listener = (version: number) => void;

// In-process listeners per database handle: an import clears the caches of the apps on that
// database at once (other processes notice through the version check of the cache).
const listeners = new WeakMap<Queryable, Set<Listener>>();

/** Calls `listener` after every import into `db` that changed the content; returns an unsubscribe. */
export function onContentImported(db: Queryable, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells the listeners of `db` that a new content version was imported. */
export function notifyContentImported(db: Queryable, version: number): void {
  for (const listener of listeners.get(db) ?? []) listener(version);
}
