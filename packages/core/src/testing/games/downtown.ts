/** Downtown's conformance hooks: the commands to try, its tables and what its state conserves. */

import type { Command } from "../../games/downtown/commands.js"
import { KIT } from "../../games/downtown/data.js"
import { heuristicBot, randomBot } from "../../games/downtown/index.js"
import type { State } from "../../games/downtown/state.js"
import type { Bot } from "../../kernel/bot.js"
import type { ConformanceHooks } from "../conformance.js"

/** Every command a client might send at some point: each type with in- and out-of-range values. */
const CANDIDATES: Command[] = [
  { type: "DrawZoningTile", pile: "west" },
  { type: "DrawZoningTile", pile: "east" },
  ...Array.from({ length: 26 }, (_, zone): Command => ({ type: "PlayZoningTile", zone })),
  ...(["housing", "industry", "commerce", "park"] as const).flatMap((construction): Command[] => [
    { type: "CastVote", construction } as Command,
    { type: "BreakTie", construction } as Command,
    { type: "ChooseConstruction", construction } as Command,
  ]),
  { type: "DeclareLobby", use: false },
  { type: "DeclareLobby", use: true },
  ...Array.from({ length: 26 }, (_, zone) =>
    Array.from({ length: 5 }, (_, spaces): Command => ({ type: "ChooseZone", zone, spaces })),
  ).flat(),
]

/** Money is conserved (bank + players), nobody is in debt, 0–15 markers out; two-player pools never negative. */
export const downtownInvariants = (state: State): void => {
  const broken = (what: string) => {
    throw new Error(`downtown: ${what}`)
  }
  if (state.twoPlayer) {
    if (!(state.framedLeft.every((k) => k >= 0) && state.unframedLeft.every((k) => k >= 0)))
      broken("marker pools never negative")
    return
  }
  if (state.bank + state.money.reduce((a, b) => a + b, 0) !== KIT.money * state.seats)
    broken("money conserved")
  if (!state.markersOut.every((out) => out >= 0 && out <= KIT.markers)) broken("0–15 markers out")
  if (!state.money.every((m) => m >= 0)) broken("no debt")
}

const mixed = (seats: number): Bot[] =>
  Array.from({ length: seats }, (_, s) => (s === 0 ? heuristicBot : randomBot))

export const downtownHooks: ConformanceHooks<State, Command> = {
  tables: [
    ...[3, 4, 5, 6].map((seats) => ({ options: { variant: "standard" }, bots: mixed(seats) })),
    { options: { variant: "2p-official" }, bots: [randomBot, heuristicBot] },
  ],
  candidates: () => CANDIDATES,
  invariants: downtownInvariants,
}
