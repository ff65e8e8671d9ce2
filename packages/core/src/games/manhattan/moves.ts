import type { Seat } from "../../kernel/game.js"
import { CORNERS, type Corner, isCorner, stepRing } from "./board.js"
import type { MovePawns, PawnMove } from "./commands.js"
import type { Board } from "./state.js"

/** Every roll as a shared pair, `ROLLS[a][b]`: the roll of each turn need not allocate one. */
const ROLLS: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = Array.from({ length: 7 }, (_, a) =>
  Array.from({ length: 7 }, (_, b) => [a, b] as const),
)

/** The dice pair (a, b): shared for faces 0..6, so never mutate it. */
export const rollOf = (a: number, b: number): readonly [number, number] => ROLLS[a]?.[b] ?? [a, b]

/** The ring square a pawn reaches: from off the board the first pip puts it on the entry corner. */
export const reach = (from: number | null, pips: number, direction: "cw" | "ccw", entry?: number): number => {
  const d = direction === "cw" ? 1 : -1
  if (from === null) return stepRing(entry ?? 0, pips - 1, d)
  return stepRing(from, pips, d)
}

/** The seat's pawn squares after a move (the move must be legal). */
export const pawnsAfter = (
  board: Board,
  seat: Seat,
  moves: ReadonlyArray<PawnMove>,
): readonly [number | null, number | null] => {
  const row = board.pawns[seat] ?? [null, null]
  const out: [number | null, number | null] = [row[0], row[1]]
  for (const m of moves) out[m.pawn] = reach(row[m.pawn], m.pips, m.direction, m.entry)
  return out
}

const DIRECTIONS = ["cw", "ccw"] as const
const ON_BOARD: ReadonlyArray<Corner | undefined> = [undefined]

const options = (pawn: 0 | 1, pips: number, offBoard: boolean): PawnMove[] => {
  const out: PawnMove[] = []
  for (const entry of offBoard ? CORNERS : ON_BOARD)
    for (const direction of DIRECTIONS)
      out.push(entry === undefined ? { pawn, pips, direction } : { pawn, pips, direction, entry })
  return out
}

const enumerate = (a: number, b: number, off0: boolean, off1: boolean): MovePawns[] => {
  const out: MovePawns[] = []
  for (const pawn of [0, 1] as const)
    for (const m of options(pawn, a + b, pawn === 0 ? off0 : off1))
      out.push({ type: "MovePawns", moves: [m] })
  const splits: Array<readonly [number, number]> =
    a === b
      ? [[a, b]]
      : [
          [a, b],
          [b, a],
        ]
  for (const [p0, p1] of splits)
    for (const m0 of options(0, p0, off0))
      for (const m1 of options(1, p1, off1)) out.push({ type: "MovePawns", moves: [m0, m1] })
  return out
}

/**
 * Freezes the shared commands. The arrays (the list, each command's `moves`) stay unfrozen though typed
 * read-only: Node 20's V8 reads elements of frozen arrays several times slower, and every turn of a playout
 * reads these (the bot's pick, decide's checks).
 */
const freezeCommands = (moves: MovePawns[]): ReadonlyArray<MovePawns> => {
  for (const m of moves) {
    for (const part of m.moves) Object.freeze(part)
    Object.freeze(m)
  }
  return moves
}

// The moves depend only on the dice and on which pawns are off the board: computed once each, indexed by
// `key` below (an array, not a Map: this is read twice a turn).
const cache: Array<ReadonlyArray<MovePawns> | undefined> = new Array(7 * 64)

/**
 * Every legal move for these dice (rule text, "Move Pawns"): one pawn the total in one direction, or pawn 0
 * by one die and pawn 1 by the other, each in either direction. Pawns off the board also name a corner.
 */
export const legalMoves = (
  dice: readonly [number, number],
  pawns: readonly [number | null, number | null],
) => {
  const off0 = pawns[0] === null
  const off1 = pawns[1] === null
  const key = dice[0] * 64 + dice[1] * 4 + (off0 ? 2 : 0) + (off1 ? 1 : 0)
  let moves = cache[key]
  if (moves === undefined) {
    moves = freezeCommands(enumerate(dice[0], dice[1], off0, off1))
    cache[key] = moves
  }
  return moves
}

/** Why a move is illegal for these dice and pawns (`<rule>: <message>`), or null when it is legal. */
export const moveProblem = (
  moves: unknown,
  dice: readonly [number, number],
  pawns: readonly [number | null, number | null],
): { rule: string; message: string } | null => {
  if (!Array.isArray(moves) || moves.length < 1 || moves.length > 2)
    return { rule: "manhattan.move.shape", message: "move one pawn the total, or each pawn one die" }
  for (const m of moves as ReadonlyArray<PawnMove>) {
    if (m === null || typeof m !== "object" || (m.pawn !== 0 && m.pawn !== 1))
      return { rule: "manhattan.move.pawn", message: "each player has pawns 0 and 1" }
    if (m.direction !== "cw" && m.direction !== "ccw")
      return { rule: "manhattan.move.direction", message: "a pawn moves cw or ccw, in one direction only" }
    const off = pawns[m.pawn] === null
    if (off && !isCorner(m.entry))
      return {
        rule: "manhattan.move.entry",
        message: `pawn ${m.pawn} is off the board: name its entry corner`,
      }
    if (!off && m.entry !== undefined)
      return { rule: "manhattan.move.entry", message: `pawn ${m.pawn} is on the board: it enters no corner` }
  }
  const [a, b] = dice
  if (moves.length === 1) {
    if ((moves[0] as PawnMove).pips !== a + b)
      return { rule: "manhattan.move.pips", message: `one pawn moves the total of the dice, ${a + b}` }
    return null
  }
  const [m0, m1] = moves as [PawnMove, PawnMove]
  if (m0.pawn !== 0 || m1.pawn !== 1)
    return { rule: "manhattan.move.pawn", message: "with both dice split, list pawn 0 then pawn 1" }
  if (!((m0.pips === a && m1.pips === b) || (m0.pips === b && m1.pips === a)))
    return { rule: "manhattan.move.pips", message: `each pawn moves by one die: ${a} and ${b}` }
  return null
}
