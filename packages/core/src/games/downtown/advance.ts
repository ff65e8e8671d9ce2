import type { Seat } from "../../kernel/game.js"
import { Random } from "../../kernel/random.js"
import { SPACES_PER_ZONE, shapeOf } from "./board.js"
import { costOf, type VoteType } from "./data.js"
import type { Event, MarkerPlaced, SpacesBought } from "./events.js"
import { isPass, leaders, noTilesLeft, type Tally } from "./rules.js"
import { fromMayor, type State, type ZoneState } from "./state.js"
import { scoreZone } from "./valuation.js"

const NONE: ReadonlyArray<Event> = []

/** The steps the rules take by themselves: extra draws, reveals, frames without a vote, the round's end. */
export const advance = (state: State): ReadonlyArray<Event> => {
  const step = state.step
  switch (step.kind) {
    case "second-draw": {
      const pile = state.piles[step.pile]
      const zone = Random.open(state.rng).pick(pile)
      return [
        { type: "ZoningTileDrawn", round: state.round, mayor: state.mayor, pile: step.pile, zone, draw: 2 },
      ]
    }
    case "reveal-votes":
      return revealVotes(state, step.zone)
    case "no-vote":
      return placeWithoutVote(state, step.zone, step.options)
    case "settle":
      return settleRound(state)
    default:
      return NONE
  }
}

/** Turns all cards over; a clear winner is placed at once, a tie waits for the mayor (ruling 4). */
const revealVotes = (state: State, zone: number): Event[] => {
  const tally: Record<VoteType, number> = { housing: 0, industry: 0, commerce: 0 }
  const votes: { seat: Seat; construction: VoteType; weight: number }[] = []
  const reveals: { key: string; value: unknown; salt: string }[] = []
  for (let seat = 0; seat < state.seats; seat++) {
    const sealed = state.votes[seat]
    if (!sealed) continue
    const weight = state.lobbyUse[seat] ? 2 : 1
    tally[sealed.value] += weight
    votes.push({ seat, construction: sealed.value, weight })
    reveals.push({ key: sealed.key, value: sealed.value, salt: sealed.salt })
  }
  const events: Event[] = [{ type: "VotesRevealed", zone, votes, tally, reveals }]
  const top = leaders(tally)
  if (top.length === 1) {
    const construction = top[0] as VoteType
    events.push(
      { type: "VoteResolved", zone, construction, tally, tied: [], decidedBy: "majority" },
      { type: "FramePlaced", zone, construction, shape: shapeOf(zone), cause: "vote" },
    )
  }
  return events
}

const ZERO_TALLY: Tally = { housing: 0, industry: 0, commerce: 0 }

/**
 * One type left fits the zone: it is placed without a vote (ruling 13). None left: a park of the zone's
 * shape if one is left, closing the zone and returning any markers; otherwise the zone stays empty (ruling 3).
 */
const placeWithoutVote = (state: State, zone: number, options: ReadonlyArray<VoteType>): Event[] => {
  const shape = shapeOf(zone)
  const only = options[0]
  if (only !== undefined)
    return [
      {
        type: "VoteResolved",
        zone,
        construction: only,
        tally: ZERO_TALLY,
        tied: [],
        decidedBy: "only-choice",
      },
      { type: "FramePlaced", zone, construction: only, shape, cause: "vote" },
    ]
  if (state.frames.park[shape] === 0) return [{ type: "ZoneLeftUnconstructed", zone, shape }]
  const z = state.zones[zone - 1] as ZoneState
  return [
    { type: "FramePlaced", zone, construction: "park", shape, cause: "park-fallback" },
    { type: "ZoneClosed", zone, markersReturned: state.twoPlayer ? [] : markerCounts(z.markers) },
  ]
}

const markerCounts = (markers: ReadonlyArray<Seat>): { seat: Seat; markers: number }[] => {
  const counts = new Map<Seat, number>()
  for (const seat of markers) counts.set(seat, (counts.get(seat) ?? 0) + 1)
  return [...counts.keys()]
    .sort((a, b) => a - b)
    .map((seat) => ({ seat, markers: counts.get(seat) as number }))
}

/**
 * The rest of the round once every dial is set: reveal (3.1), pay (3.2, ruling 8), place markers from the
 * mayor clockwise (3.3, ruling 8), score every sold-out construction in ascending zone order (4, ruling 9),
 * then pass the mayor or, after the last round, end the game.
 */
const settleRound = (state: State): Event[] => {
  const choices: { seat: Seat; zone: number; spaces: number; request: boolean }[] = []
  const reveals: { key: string; value: unknown; salt: string }[] = []
  for (let seat = 0; seat < state.seats; seat++) {
    const sealed = state.choices[seat]
    if (!sealed) continue
    const { zone, spaces } = sealed.value
    choices.push({ seat, zone, spaces, request: !isPass(state.options, state.zones[zone - 1] as ZoneState) })
    reveals.push({ key: sealed.key, value: sealed.value, salt: sealed.salt })
  }
  const events: Event[] = [{ type: "ChoicesRevealed", round: state.round, choices, reveals }]

  const order = fromMayor(state)
  const owed = new Array<number>(state.seats).fill(0)
  for (const seat of order) {
    const choice = choices[seat]
    if (!choice?.request) continue
    const constructed = (state.zones[choice.zone - 1] as ZoneState).construction !== null
    const bought: SpacesBought = {
      type: "SpacesBought",
      seat,
      zone: choice.zone,
      spaces: choice.spaces,
      cost: state.twoPlayer ? 0 : costOf(choice.spaces, constructed),
      constructed,
    }
    events.push(bought)
    owed[seat] = choice.spaces
  }

  // Markers placed one at a time in turn from the mayor until no request can take a free space.
  const occupied = new Map<number, Seat[]>()
  const markersOn = (zone: number): Seat[] => {
    let list = occupied.get(zone)
    if (!list) {
      list = (state.zones[zone - 1] as ZoneState).markers.slice()
      occupied.set(zone, list)
    }
    return list
  }
  for (let placed = true; placed; ) {
    placed = false
    for (const seat of order) {
      if ((owed[seat] as number) === 0) continue
      const zone = (choices[seat] as { zone: number }).zone
      const list = markersOn(zone)
      // "No further markers can be placed on that zone" once it is scored (rule text 4.5).
      if (list.length >= SPACES_PER_ZONE || (state.zones[zone - 1] as ZoneState).closed) {
        owed[seat] = 0
        continue
      }
      const marker: MarkerPlaced = { type: "MarkerPlaced", seat, zone, plot: list.length }
      events.push(marker)
      list.push(seat)
      owed[seat] = (owed[seat] as number) - 1
      placed = true
    }
  }

  // Valuation: every zone with a construction and all its spaces bought, ascending (ruling 9).
  let zones: ReadonlyArray<ZoneState> = state.zones
  if (occupied.size > 0)
    zones = state.zones.map((z) => {
      const markers = occupied.get(z.zone)
      return markers ? { zone: z.zone, construction: z.construction, markers, closed: z.closed } : z
    })
  for (const z of zones) {
    if (z.closed || z.construction === null || z.construction === "park") continue
    if (z.markers.length < SPACES_PER_ZONE) continue
    events.push(scoreZone(zones, z.zone, !state.twoPlayer), {
      type: "ZoneClosed",
      zone: z.zone,
      markersReturned: state.twoPlayer ? [] : markerCounts(z.markers),
    })
  }

  if (noTilesLeft(state)) {
    const unfinished = zones
      .filter(
        (z) =>
          !z.closed &&
          z.construction !== null &&
          z.construction !== "park" &&
          z.markers.length < SPACES_PER_ZONE,
      )
      .map((z) => z.zone)
    events.push({ type: "FinalRoundEnded", round: state.round, unfinished })
  } else {
    const to = (state.mayor + 1) % state.seats
    events.push({ type: "MayorPassed", from: state.mayor, to, round: state.round + 1 })
  }
  return events
}
