import { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { runClocks } from "./ClockRunner.js"
import { whileLeader } from "./Leadership.js"
import { Projections } from "./Projections.js"

/**
 * The background work of a cluster — projections and turn clocks — run by whichever process holds the
 * background lock (ARCHITECTURE.md §7). Never returns.
 */
export const runBackground = (
  options: { readonly clocks?: boolean; readonly onLeadership?: (leader: boolean) => void } = {},
) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const runner = yield* Projections
    const jobs = Effect.scoped(
      Effect.all([runner.follow, ...(options.clocks === false ? [] : [runClocks()])], {
        concurrency: "unbounded",
        discard: true,
      }),
    ).pipe(Effect.catch((error) => Effect.logError(`background: ${error.message}`)))
    return yield* whileLeader(store, jobs, { onChange: options.onLeadership })
  })
