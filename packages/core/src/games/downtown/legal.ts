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

/** The other commands a seat is offered, one frozen object each, shared by every list. */
const freeze = (command: Command): Command => Object.freeze(command)
const DRAW_WEST = freeze({ type: "DrawZoningTile", pile: "west" })
const DRAW_EAST = freeze({ type: "DrawZoningTile", pile: "east" })
const DRAW_EITHER: ReadonlyArray<Command> = Object.freeze([DRAW_WEST, DRAW_EAST])
const DRAW_WEST_ONLY: ReadonlyArray<Command> = Object.freeze([DRAW_WEST])
const DRAW_EAST_ONLY: ReadonlyArray<Command> = Object.freeze([DRAW_EAST])
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
 * What the dials offer on one zones array, worked out once: the zones do not change while the seats set
 * their dials (a state never changes an array it holds), and each of the seats asks. The request limit
 * looks at a zone only to see whether it is framed, so one framed and one unframed zone to buy in stand
 * for all 24. `lists` holds the buying lists by (cap, framed limit, unframed limit): seats with the same
 * limits — most of them — get the same list of about a hundred commands.
 */
interface DialBoard {
  readonly zones: ReadonlyArray<ZoneState>
  readonly options: Options
  /** For each zone, which limit its counts go up to: the cap for a pass (rulings 6, 15 and 26). */
  readonly tiers: ReadonlyArray<"pass" | "framed" | "unframed">
  readonly framedZone: ZoneState | null
  readonly unframedZone: ZoneState | null
  readonly lists: Map<number, ReadonlyArray<Command>>
}

let lastDialBoard: DialBoard | null = null

const dialBoard = (options: Options, zones: ReadonlyArray<ZoneState>): DialBoard => {
  if (lastDialBoard?.zones === zones && lastDialBoard.options === options) return lastDialBoard
  let framedZone: ZoneState | null = null
  let unframedZone: ZoneState | null = null
  const tiers = zones.map((z) => {
    if (isPass(options, z)) return "pass"
    if (z.construction !== null) {
      framedZone ??= z
      return "framed"
    }
    unframedZone ??= z
    return "unframed"
  })
  lastDialBoard = { zones, options, tiers, framedZone, unframedZone, lists: new Map() }
  return lastDialBoard
}

/** The buying list for these limits (-1: no such zone to buy in). */
const dialCommands = (
  board: DialBoard,
  cap: number,
  framed: number,
  unframed: number,
): ReadonlyArray<Command> => {
  const key = (cap * 64 + framed + 1) * 64 + unframed + 1
  let list = board.lists.get(key)
  if (list === undefined) {
    const out: Command[] = []
    for (let i = 0; i < board.zones.length; i++) {
      const tier = board.tiers[i]
      const limit = tier === "pass" ? cap : tier === "framed" ? framed : unframed
      const counts = CHOOSE_ZONE[(board.zones[i] as ZoneState).zone] as ReadonlyArray<Command>
      for (let spaces = 1; spaces <= limit; spaces++) out.push(counts[spaces] as Command)
    }
    list = Object.freeze(out)
    board.lists.set(key, list)
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
      if (state.piles.west.length > 0) return state.piles.east.length > 0 ? DRAW_EITHER : DRAW_WEST_ONLY
      return state.piles.east.length > 0 ? DRAW_EAST_ONLY : NONE
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
      const board = dialBoard(state.options, state.zones)
      const framed = board.framedZone ? requestLimit(state, seat, board.framedZone) : -1
      const unframed = board.unframedZone ? requestLimit(state, seat, board.unframedZone) : -1
      return dialCommands(board, state.cap, framed, unframed)
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
