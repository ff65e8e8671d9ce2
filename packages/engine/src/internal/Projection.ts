import type { GlobalEvent } from "@boroughs/store"
import type { ServerDb } from "../serverTables.js"
import type { ProjectionFolds } from "./ProjectionFolds.js"

/**
 * A read model kept from the global log (ARCHITECTURE.md §4). `apply` writes the rows for a batch of
 * events inside the runner's transaction, the same one that saves the checkpoint: rows and checkpoint move
 * together or not at all. `reset` deletes every row, so a rebuild can start again from the first event.
 */
export interface Projection {
  /** The checkpoint's subscription id; a new version of the rows takes a new id. */
  readonly id: string
  readonly apply: (db: ServerDb, events: ReadonlyArray<GlobalEvent>, folds: ProjectionFolds) => Promise<void>
  readonly reset: (db: ServerDb) => Promise<void>
}

/** Splits a slice of the global log into runs of one stream each, in log order. */
export const byStream = (events: ReadonlyArray<GlobalEvent>): GlobalEvent[][] => {
  const out: GlobalEvent[][] = []
  for (const e of events) {
    const last = out[out.length - 1]
    if (last !== undefined && (last[0] as GlobalEvent).streamId === e.streamId) last.push(e)
    else out.push([e])
  }
  return out
}
