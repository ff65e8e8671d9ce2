import type { Seat } from "../../kernel/game.js"
import { ZONE_COUNT } from "./board.js"
import type { Command } from "./commands.js"
import { spaceCap, VOTE_TYPES, type VoteType } from "./data.js"
import type { Options } from "./options.js"
import { isPass, requestLimit } from "./rules.js"
import type { State, ZoneState } from "./state.js"

const NONE: ReadonlyArray<Command> = []

/**
 * The buying commands, built once: a 4-seat playout lists about a hundred of them per dial and picks
 * one, so the list is references, not fresh objects. Frozen, since every list shares them.
 */
const MOST_SPACES = Math.max(spaceCap(2), spaceCap(6))
const CHOOSE_ZONE: ReadonlyArray<ReadonlyArray<Command>> = Array.from({ length: ZONE_COUNT + 1 }, (_, zone) =>
  Array.from({ length: MOST_SPACES + 1 }, (_, spaces) =>
    Object.freeze({ type: "ChooseZone" as const, zone, spaces }),
  ),
)
const chooseZone = (zone: number, spaces: number): Command =>
  CHOOSE_ZONE[zone]?.[spaces] ?? { type: "ChooseZone", zone, spaces }

/** The other commands a seat is offered, one frozen object each, shared by every list. */
const freeze = (command: Command): Command => Object.freeze(command)
const DRAW = {
  west: freeze({ type: "DrawZoningTile", pile: "west" }),
  east: freeze({ type: "DrawZoningTile", pile: "east" }),
}
const perType = (type: "CastVote" | "BreakTie" | "ChooseConstruction") =>
  Object.fromEntries(
    VOTE_TYPES.map((construction) => [construction, freeze({ type, construction })]),
  ) as Readonly<Record<VoteType, Command>>
const CAST_VOTE = perType("CastVote")
const BREAK_TIE = perType("BreakTie")
const CHOOSE_CONSTRUCTION = perType("ChooseConstruction")
const LOBBY_CHOICES: ReadonlyArray<Command> = Object.freeze([
  freeze({ type: "DeclareLobby", use: false }),
  freeze({ type: "DeclareLobby", use: true }),
])

/**
 * The buying lists of the last zones array seen, by (cap, framed limit, unframed limit, whether a closed or
 * full zone is a pass): the list depends on nothing else, the zones do not change while the seats set their
 * dials (a state never changes an array it holds), and seats with the same limits — most of them — get the
 * same list. About a hundred commands per dial showed in playout profiles.
 */
let dialZones: ReadonlyArray<ZoneState> | null = null
const dialLists = new Map<number, ReadonlyArray<Command>>()

const dialCommands = (
  options: Options,
  zones: ReadonlyArray<ZoneState>,
  cap: number,
  framed: number,
  unframed: number,
): ReadonlyArray<Command> => {
  if (zones !== dialZones) {
    dialZones = zones
    dialLists.clear()
  }
  const key = ((cap * 64 + framed + 1) * 64 + unframed + 1) * 2 + (options.fullZoneChoice === "paid" ? 1 : 0)
  let list = dialLists.get(key)
  if (list === undefined) {
    const out: Command[] = []
    for (const z of zones) {
      const limit = isPass(options, z) ? cap : z.construction !== null ? framed : unframed
      for (let spaces = 1; spaces <= limit; spaces++) out.push(chooseZone(z.zone, spaces))
    }
    list = Object.freeze(out)
    dialLists.set(key, list)
  }
  return list
}

/**
 * Every command `decide` accepts from this seat now, and no other. Buying lists each zone with each
 * count up to the limit (ruling 7); a pass (a park; a closed or full zone under `fullZoneChoice: "pass"`)
 * with any count (rulings 6, 15 and 26).
 */
export const legalCommands = (state: State, seat: Seat): ReadonlyArray<Command> => {
  const step = state.step
  switch (step.kind) {
    case "zoning":
      if (seat !== state.mayor) return NONE
      if (state.twoPlayer) return (state.hands[seat] ?? []).map((zone) => ({ type: "PlayZoningTile", zone }))
      return (["west", "east"] as const)
        .filter((pile) => state.piles[pile].length > 0)
        .map((pile) => DRAW[pile])
    case "cards":
      if (state.votes[seat] !== null) return NONE
      return step.options.map((construction) => CAST_VOTE[construction])
    case "lobby":
      if (seat !== step.declarer) return NONE
      return LOBBY_CHOICES
    case "tie":
      if (seat !== state.mayor) return NONE
      return step.tied.map((construction) => BREAK_TIE[construction])
    case "construction":
      if (seat === state.mayor) return NONE
      return step.options.map((construction) => CHOOSE_CONSTRUCTION[construction])
    case "dials": {
      if (state.choices[seat] !== null) return NONE
      // requestLimit looks at a zone only to see whether it is framed: two answers serve all 24 zones.
      // -1: no such zone to buy in.
      let framed = -1
      let unframed = -1
      for (const z of state.zones)
        if (!isPass(state.options, z)) {
          if (z.construction !== null) {
            if (framed < 0) framed = requestLimit(state, seat, z)
          } else if (unframed < 0) unframed = requestLimit(state, seat, z)
        }
      return dialCommands(state.options, state.zones, state.cap, framed, unframed)
    }
    default:
      return NONE
  }
}

/**
 * What a clock timeout plays: the mildest legal choice — draw from the west pile, the first card still
 * possible, no lobby, and a pass (the lowest pass zone, 1 space: a park, as set-up places three) when buying.
 */
export const defaultCommand = (state: State, seat: Seat): Command => {
  if (state.step.kind === "lobby") return { type: "DeclareLobby", use: false }
  if (state.step.kind === "dials") {
    const pass = state.zones.find((z) => isPass(state.options, z))
    if (pass) return { type: "ChooseZone", zone: pass.zone, spaces: 1 }
  }
  const legal = legalCommands(state, seat)
  const first = legal[0]
  if (!first) throw new Error(`downtown: seat ${seat} owes no decision (step ${state.step.kind})`)
  return first
}
