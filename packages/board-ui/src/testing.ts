/*
 * Test and screenshot support: real games played by the games' own bots, and views of them at any point.
 * Not exported from the package entry.
 */
import { type AnyGame, findGame, replay, simulate, type Typed, type Viewer, viewOf } from "@boroughs/core"
import type { SeatInfo } from "./common/types.js"

/** Names for the seats of test games. */
export const NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"]

export const seatsOf = (count: number): SeatInfo[] =>
  NAMES.slice(0, count).map((name, seat) => ({ seat, name }))

/** A whole game played by the game's heuristic bots (random where there is none). */
export const playGame = (
  id: string,
  seats: number,
  seed: string,
  options?: unknown,
): { game: AnyGame; events: ReadonlyArray<Typed> } => {
  const registered = findGame(id)
  if (!registered) throw new Error(`no game ${id}`)
  const bot = registered.bots.heuristic ?? registered.bots.random
  if (!bot) throw new Error(`${id} has no bot`)
  const bots = Array.from({ length: seats }, (_, i) => (i % 2 === 0 ? bot : (registered.bots.random ?? bot)))
  const sim = simulate(registered.game, options ?? registered.game.defaultOptions, bots, seed)
  return { game: registered.game, events: sim.events }
}

/** The view a viewer has after the first `count` events of a game. */
export const viewAfter = (
  game: AnyGame,
  events: ReadonlyArray<Typed>,
  count: number,
  viewer: Viewer,
): unknown => viewOf(replay(game, events.slice(0, count)), viewer)

/** The number of events up to and including the first one matching, searching from `from`. */
export const countThrough = (
  events: ReadonlyArray<Typed>,
  match: (e: Typed) => boolean,
  from = 0,
): number => {
  for (let i = from; i < events.length; i++) if (match(events[i] as Typed)) return i + 1
  throw new Error("no such event")
}
