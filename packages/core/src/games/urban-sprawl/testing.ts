import { Result } from "effect"
import { start } from "../../kernel/match.js"
import { advance } from "./advance.js"
import { globalLot } from "./board.js"
import type { Command } from "./commands.js"
import type { BuildingZone } from "./data.js"
import { decide } from "./decide.js"
import type { Event } from "./events.js"
import { evolve } from "./evolve.js"
import { urbanSprawl } from "./index.js"
import type { Options } from "./options.js"
import type { Building, DeckState, Mutable, State } from "./state.js"

/** Test support: states built by hand on top of a real set-up, and commands played through decide/evolve/advance. */

/** A game right after set-up (in the draft), with these seats and options. */
export const afterSetup = (seats = 3, seed = "test", options: Partial<Options> = {}): State => {
  const r = start(urbanSprawl, { ...urbanSprawl.defaultOptions, ...options }, seats, seed)
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success.match.state as State
}

/** Runs the automatic steps until a decision is owed or the game is over. */
export const settle = (state: State): { state: State; events: Event[] } => {
  const events: Event[] = []
  for (let i = 0; i < 10_000; i++) {
    const auto = advance(state)
    if (auto.length === 0) return { state, events }
    for (const e of auto) {
      state = evolve(state, e)
      events.push(e)
    }
  }
  throw new Error("advance loops")
}

/** Plays one command: the events (automatic steps included) and the state after, or throws the violation. */
export const act = (state: State, seat: number, command: Command): { state: State; events: Event[] } => {
  const d = decide(state, seat, command)
  if (Result.isFailure(d)) throw new Error(`${d.failure.rule}: ${d.failure.message}`)
  for (const e of d.success) state = evolve(state, e)
  const rest = settle(state)
  return { state: rest.state, events: [...d.success, ...rest.events] }
}

/** The rule a command breaks, or null. */
export const refused = (state: State, seat: number, command: Command): string | null => {
  const d = decide(state, seat, command)
  return Result.isFailure(d) ? d.failure.rule : null
}

export interface Placed {
  readonly zone: BuildingZone
  readonly owner: number | null
  readonly block: number
  readonly lots: ReadonlyArray<number>
}

/**
 * A state in seat `active`'s action phase with this board: the given buildings only (no starters), empty
 * hands and boxes unless given, nothing pending. `options` are merged over the defaults as in `afterSetup`.
 */
export const turnState = (
  patch: Partial<Mutable<State>> & { placed?: ReadonlyArray<Placed> } = {},
  seats = 3,
  options: Partial<Options> = {},
): State => {
  const base = afterSetup(seats, "test", options)
  const { placed = [], ...rest } = patch
  const buildings: Building[] = placed.map((p, id) => ({
    id,
    zone: p.zone,
    size: p.lots.length,
    owner: p.zone === "PARK" ? null : p.owner,
    block: p.block,
    lots: [...p.lots],
    card: p.owner === null && p.zone !== "PARK" ? null : `X${id}`,
  }))
  const lots = Array.from({ length: 144 }, () => -1)
  for (const b of buildings) for (const l of b.lots) lots[globalLot(b.block, l)] = b.id
  const s: State = {
    ...base,
    phase: "turn",
    startPlayer: 0,
    active: 0,
    round: 1,
    turn: 1,
    ap: 6,
    acted: false,
    daUsed: false,
    buildings,
    lots,
    nextBuilding: buildings.length,
    players: base.players.map((p) => ({ ...p, wealth: 30, hand: [], favors: [] })),
    ...rest,
  }
  return s
}

/** A player's fields replaced. */
export const withPlayer = (state: State, seat: number, patch: Partial<State["players"][number]>): State => ({
  ...state,
  players: state.players.map((p, i) => (i === seat ? { ...p, ...patch } : p)),
})

/** A pile whose cards come up in exactly this order (one card per part), face-down top unless given. */
export const pileOf = (ids: ReadonlyArray<string>, active = true, top: string | null = null): DeckState => ({
  segments: ids.map((_, i) => ({ [`c${i}`]: 1 })),
  pools: Object.fromEntries(ids.map((id, i) => [`c${i}`, [id]])),
  top,
  active,
})

/** The types of events, in order. */
export const types = (events: ReadonlyArray<Event>): string[] => events.map((e) => e.type)

export const ofType = <T extends Event["type"]>(
  events: ReadonlyArray<Event>,
  type: T,
): Array<Extract<Event, { type: T }>> =>
  events.filter((e): e is Extract<Event, { type: T }> => e.type === type)
