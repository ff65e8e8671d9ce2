import type { Seat, Typed } from "@boroughs/core"

/** A house bot's search budget, as the server plays it. */
export type HouseSearchBudget =
  | { readonly budget: "iterations"; readonly iterations: number }
  | { readonly budget: "time"; readonly timeMs: number }

/** One search a worker thread is sent: the seat's view and nothing more of the game. */
export interface SearchJob {
  /** The game's id in the registry (`uptown`…). */
  readonly game: string
  readonly seat: Seat
  readonly view: unknown
  readonly legal: ReadonlyArray<Typed>
  /** Seeds the search's random stream (`Random.fromKey`). */
  readonly randomKey: string
  readonly search: HouseSearchBudget
  /** Stop a time budget's search by then (epoch ms), whatever the budget says; null: no clock. */
  readonly stopBy: number | null
}

export interface ToSearchWorker {
  readonly id: number
  readonly job: SearchJob
}

export type FromSearchWorker =
  | { readonly type: "chosen"; readonly id: number; readonly command: Typed; readonly iterations: number }
  | { readonly type: "failed"; readonly id: number; readonly message: string }
