import { type AnalysisSettings, defaultAnalysisSettings } from "@boroughs/core"
import { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { type AnalysisRunnerOptions, runAnalyses } from "./AnalysisRunner.js"
import { runClocks } from "./ClockRunner.js"
import { whileLeader } from "./Leadership.js"
import { Projections } from "./Projections.js"

/**
 * The background work of a cluster — projections, turn clocks and the analysis of finished games — run by
 * whichever process holds the background lock (ARCHITECTURE.md §7). Never returns.
 */
export const runBackground = (
  options: {
    readonly clocks?: boolean
    /**
     * Analyse finished games with these settings (the analysis projection must be queuing them with the same:
     * `Projections.layer`'s); false: analyse none. Default: `defaultAnalysisSettings`.
     */
    readonly analysis?: AnalysisSettings | false
    readonly analysisRunner?: AnalysisRunnerOptions
    readonly onLeadership?: (leader: boolean) => void
  } = {},
) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const runner = yield* Projections
    const analysis = options.analysis ?? defaultAnalysisSettings
    const jobs = Effect.scoped(
      Effect.all(
        [
          runner.follow,
          ...(options.clocks === false ? [] : [runClocks()]),
          ...(analysis === false ? [] : [runAnalyses(analysis, options.analysisRunner)]),
        ],
        { concurrency: "unbounded", discard: true },
      ),
    ).pipe(Effect.catch((error) => Effect.logError(`background: ${error.message}`)))
    return yield* whileLeader(store, jobs, { onChange: options.onLeadership })
  })
