import type { LegalByIndex } from "./game.js"

/** An index a `LegalByIndex` does not have: a bug in the caller, named. */
export const noLegalAt = (index: number, count: number): never => {
  throw new RangeError(`no legal command at index ${index} of ${count}`)
}

/** No legal command: what a seat that owes nothing is offered. */
export const NO_LEGAL: LegalByIndex<never> = Object.freeze({
  count: 0,
  at: (index: number) => noLegalAt(index, 0),
})

/** A list already built, by index (a game's short lists: goals, discards, a task's choices). */
export const listedByIndex = <C>(list: ReadonlyArray<C>): LegalByIndex<C> => ({
  count: list.length,
  at: (index) => (index >= 0 && index < list.length ? (list[index] as C) : noLegalAt(index, list.length)),
})
