import type { Seat } from "../../kernel/game.js"
import { SPACES_PER_ZONE, shapeOf } from "./board.js"
import { costOf, KIT, VOTE_TYPES, type VoteType } from "./data.js"
import type { Options } from "./options.js"
import type { State, Step, ZoneState } from "./state.js"

/** The types a vote may choose for a zone: those with a frame of the zone's shape left (rule text 2). */
export const voteOptions = (state: Pick<State, "frames">, zone: number): VoteType[] => {
  const shape = shapeOf(zone)
  return VOTE_TYPES.filter((t) => state.frames[t][shape] > 0)
}

/**
 * Whether choosing this zone is a pass, which costs nothing and places no marker: a park ("You may pass by
 * selecting any Park zone", rule text 3.1). A closed or full zone is a request like any other, paid in full
 * and filled with nothing ("You must pay for all the spaces you wished to buy regardless of how many you
 * actually get", 3.2; ruling 6) — except under option `fullZoneChoice: "pass"`, which games recorded under
 * rules version 1 play by (ruling 26).
 */
export const isPass = (options: Options, z: ZoneState): boolean =>
  z.construction === "park" ||
  (options.fullZoneChoice === "pass" && (z.closed || z.markers.length >= SPACES_PER_ZONE))

/**
 * The most spaces `seat` may request in `zone` (ruling 7): the cap, the markers in his supply (its colour
 * in the 2p variant) and, in the standard game, what he can pay.
 */
export const requestLimit = (state: State, seat: Seat, z: ZoneState): number => {
  const constructed = z.construction !== null
  let limit = state.cap
  if (state.twoPlayer) {
    const left = (constructed ? state.framedLeft : state.unframedLeft)[seat] ?? 0
    return Math.min(limit, left)
  }
  limit = Math.min(limit, KIT.markers - (state.markersOut[seat] ?? 0))
  const money = state.money[seat] ?? 0
  while (limit > 0 && costOf(limit, constructed) > money) limit--
  return limit
}

/** The step that follows once the previous zone of the round has its construction (ruling 2). */
export const nextConstructionStep = (
  state: Pick<State, "frames" | "twoPlayer">,
  queue: ReadonlyArray<number>,
): Step => {
  const zone = queue[0]
  if (zone === undefined) return { kind: "dials" }
  const options = voteOptions(state, zone)
  if (options.length < 2) return { kind: "no-vote", zone, options }
  return state.twoPlayer ? { kind: "construction", zone, options } : { kind: "cards", zone, options }
}

/** The vote tally: each card counts 1, or 2 with a lobby disc on it (ruling 5). */
export type Tally = Readonly<Record<VoteType, number>>

/** The types with the most votes (more than one means a tie the mayor breaks; ruling 4). */
export const leaders = (tally: Tally): VoteType[] => {
  const top = Math.max(tally.housing, tally.industry, tally.commerce)
  return VOTE_TYPES.filter((t) => tally[t] === top)
}

/** The first seat, from `after` (excluded) clockwise up to the mayor, still holding a lobby disc. */
export const nextDeclarer = (
  state: State,
  lobby: ReadonlyArray<boolean>,
  after: Seat | null,
): Seat | null => {
  const start = after === null ? 0 : ((after - state.mayor + state.seats) % state.seats) + 1
  for (let i = start; i < state.seats; i++) {
    const seat = (state.mayor + i) % state.seats
    if (lobby[seat]) return seat
  }
  return null
}

/** Whether no zoning tile is left to draw or play: this round is the last (design note, Decisions). */
export const noTilesLeft = (state: State): boolean =>
  state.twoPlayer
    ? state.hands.every((h) => h.length === 0)
    : state.piles.west.length === 0 && state.piles.east.length === 0
