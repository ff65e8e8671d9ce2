import type { AnalysisSettings, GameAnalysis, LoggedEvent } from "@boroughs/core"

/** One analysis a worker thread is sent: a finished game's whole log, and the settings to judge it with. */
export interface AnalysisJob {
  /** The game's id in core's registry (`downtown`…). */
  readonly game: string
  readonly log: ReadonlyArray<LoggedEvent>
  readonly settings: AnalysisSettings
}

export interface ToAnalysisWorker {
  readonly id: number
  readonly job: AnalysisJob
}

export type FromAnalysisWorker =
  | { readonly type: "progress"; readonly id: number; readonly done: number; readonly total: number }
  | {
      readonly type: "analysed"
      readonly id: number
      readonly analysis: GameAnalysis
      /** Wall time the analysis took in the thread. */
      readonly elapsedMs: number
    }
  | { readonly type: "failed"; readonly id: number; readonly message: string }
