/*
 * Test and screenshot support: real games played by the games' own bots, and views of them at any point.
 * Not exported from the package entry.
 */
import {
  type AnyGame,
  type Bot,
  findGame,
  replay,
  simulate,
  type Typed,
  type Viewer,
  viewOf,
} from "@boroughs/core"
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

/** A decision a seat owed in a simulated game: its own view and its legal commands, as a server sends them. */
export interface RecordedDecision {
  readonly seat: number
  readonly view: unknown
  readonly legal: ReadonlyArray<Typed>
  /** What the bot played. */
  readonly chosen: Typed
}

/**
 * Every decision of whole games played by the game's bots (heuristic and random seats in turn), with the
 * deciding seat's view and legal commands: what a play page is handed. `plays` picks seat counts and
 * options (variants with commands of their own).
 */
export const recordDecisions = (
  id: string,
  plays: ReadonlyArray<{ seats: number; options?: Record<string, unknown> }>,
  seed: string,
): RecordedDecision[] => {
  const registered = findGame(id)
  if (!registered) throw new Error(`no game ${id}`)
  const heuristic = registered.bots.heuristic ?? registered.bots.random
  const random = registered.bots.random ?? heuristic
  if (!heuristic || !random) throw new Error(`${id} has no bot`)
  const decisions: RecordedDecision[] = []
  // A wrapper without `ignoresView`: every decision comes with the seat's view.
  const recording = (inner: Bot): Bot => ({
    name: `recording ${inner.name}`,
    choose: (turn) => {
      const chosen = inner.choose(turn)
      decisions.push({ seat: turn.seat, view: turn.view, legal: turn.legal, chosen })
      return chosen
    },
  })
  plays.forEach((play, i) => {
    const bots = Array.from({ length: play.seats }, (_, seat) =>
      recording(seat % 2 === 0 ? heuristic : random),
    )
    const options = { ...(registered.game.defaultOptions as Record<string, unknown>), ...play.options }
    simulate(registered.game, options, bots, `${seed}-${i}`)
  })
  return decisions
}

/** Every command type a game's command schema admits (its union's members, by their `type` literal). */
export const commandTypesOf = (schema: unknown): string[] => {
  const s = schema as { members?: unknown[]; fields?: { type?: { literal?: string } } }
  if (s.members) return s.members.flatMap(commandTypesOf)
  const literal = s.fields?.type?.literal
  return literal ? [literal] : []
}

/**
 * Seat counts and options to play for each game so that every command type comes up: the variants with
 * commands of their own, and two-seat tables where they differ.
 */
export const COMMAND_PLAYS: Readonly<
  Record<string, ReadonlyArray<{ readonly seats: number; readonly options?: Record<string, unknown> }>>
> = {
  downtown: [{ seats: 4 }, { seats: 2, options: { variant: "2p-official" } }],
  manhattan: [{ seats: 4 }, { seats: 3, options: { entry: "off-board", bankruptcyDemand: "manual" } }],
  suburbia: [{ seats: 3 }, { seats: 2 }],
  uptown: [{ seats: 3 }, { seats: 2 }],
  "urban-sprawl": [{ seats: 4 }, { seats: 3 }],
}
