/** Manhattan's conformance hooks: a wide net of commands, its tables and what its board conserves. */

import { CORNERS } from "../../games/manhattan/board.js"
import type { Command, PawnMove } from "../../games/manhattan/commands.js"
import { heuristicBot, randomBot } from "../../games/manhattan/index.js"
import { problems } from "../../games/manhattan/invariants.js"
import type { Options } from "../../games/manhattan/options.js"
import type { State } from "../../games/manhattan/state.js"
import type { Bot } from "../../kernel/bot.js"
import type { ConformanceHooks } from "../conformance.js"

/** A wide net of commands, legal or not, for one position: every cell, corner, pip count and direction. */
const candidates = (state: State): Command[] => {
  const out: Command[] = [{ type: "Skip" }, { type: "DemandBankruptcy" }]
  for (const corner of [...CORNERS, 1, 31]) out.push({ type: "ChooseCorner", corner } as Command)
  for (let x = 0; x <= 8; x++)
    for (let y = 0; y <= 8; y++)
      for (const type of ["BuildStory", "PlaceRoof", "RemoveRoof"] as const) out.push({ type, x, y })
  if (state.step.kind !== "move") return out
  const entries: Array<PawnMove["entry"] | undefined> =
    state.options.entry === "off-board" ? [undefined, ...CORNERS] : [undefined, 0]
  const parts: PawnMove[] = []
  const dice = state.dice ?? [1, 2]
  for (const pawn of [0, 1] as const)
    for (const pips of new Set([dice[0], dice[1], dice[0] + dice[1], 1, 12]))
      for (const direction of ["cw", "ccw"] as const)
        for (const entry of entries)
          parts.push(entry === undefined ? { pawn, pips, direction } : { pawn, pips, direction, entry })
  for (const a of parts) {
    out.push({ type: "MovePawns", moves: [a] })
    // pairs: every legal-looking order (pawn 0 then 1), plus a few same-pawn and reversed ones
    for (const b of parts)
      if (
        (a.pawn === 0 && b.pawn === 1) ||
        (a.pips === b.pips && a.direction === b.direction && a.entry === b.entry)
      )
        out.push({ type: "MovePawns", moves: [a, b] })
  }
  return out
}

/** Every seat count, both entry rules, both demand rules. */
const table = (i: number): { options: Options; bots: Bot[] } => ({
  options: {
    startingRoofs: 2,
    entry: i % 3 === 1 ? "off-board" : "corners",
    bankruptcyDemand: i % 4 === 2 ? "manual" : "automatic",
  },
  bots: Array.from({ length: 2 + (i % 5) }, (_, s) => (s === 0 && i % 2 === 0 ? heuristicBot : randomBot)),
})

export const manhattanHooks: ConformanceHooks<State, Command> = {
  tables: [0, 1, 2, 3, 4].map(table),
  candidates,
  invariants: (state) => {
    const found = problems(state)
    if (found.length > 0) throw new Error(`manhattan: ${found.join("; ")}`)
  },
}
