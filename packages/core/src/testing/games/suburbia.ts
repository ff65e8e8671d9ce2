/** Suburbia's conformance hooks: the commands to try, its tables and the bounds its tracks keep. */
import type { Command } from "../../games/suburbia/commands.js"
import { GOALS } from "../../games/suburbia/data/goals.js"
import { TRACK_MAX, TRACK_MIN } from "../../games/suburbia/data/rules.js"
import { daleBot, heuristicBot, randomBot } from "../../games/suburbia/index.js"
import type { State } from "../../games/suburbia/state.js"
import type { ConformanceHooks } from "../conformance.js"

/** Every command a client might send now: each type over every slot, nearby hexes (open or not), goals. */
const candidates = (state: State, seat: number): Command[] => {
  const hexes = new Map<string, { q: number; r: number }>()
  for (const t of state.players[seat]?.tiles ?? [])
    for (let dq = -1; dq <= 1; dq++)
      for (let dr = -1; dr <= 1; dr++) hexes.set(`${t.q + dq},${t.r + dr}`, { q: t.q + dq, r: t.r + dr })
  const out: Command[] = [{ type: "Pass" }]
  for (const g of GOALS) out.push({ type: "KeepGoal", goal: g.id })
  for (let slot = -1; slot <= state.market.length; slot++) out.push({ type: "DiscardTile", slot })
  for (const { q, r } of hexes.values()) {
    out.push({ type: "PlaceInvestment", q, r })
    for (const tile of ["suburbs", "community-park", "heavy-factory"] as const)
      out.push({ type: "BuyBasicTile", tile, q, r })
    for (let slot = -1; slot <= state.market.length; slot++) {
      out.push({ type: "BuyTile", slot, q, r })
      out.push({ type: "BuildLake", slot, q, r })
    }
  }
  return out
}

/** Income and reputation stay on the −5..15 track; money and population never go below 0. */
const invariants = (state: State): void => {
  state.players.forEach((p, seat) => {
    for (const [stat, value] of [
      ["income", p.income],
      ["reputation", p.reputation],
    ] as const)
      if (value < TRACK_MIN || value > TRACK_MAX) throw new Error(`suburbia: seat ${seat} ${stat} ${value}`)
    if (p.money < 0 || p.population < 0) throw new Error(`suburbia: seat ${seat} below 0`)
  })
}

export const suburbiaHooks: ConformanceHooks<State, Command> = {
  tables: [
    { bots: [randomBot] },
    { options: { solo: "dale", soloPrivateGoal: false }, bots: [heuristicBot] },
    { bots: [heuristicBot, randomBot] },
    { bots: [randomBot, randomBot, randomBot] },
    { bots: [randomBot, daleBot, randomBot, heuristicBot] },
  ],
  candidates,
  invariants,
  // Exactly the tiles out of sight are unseen, and as many hidden goals as there are.
  sample: (sample, real) => {
    if (JSON.stringify(sample.unseen) !== JSON.stringify(real.unseen))
      throw new Error("suburbia: a sample's unseen tiles are not the real ones")
    if (sample.goalPool.length !== real.goalPool.length) throw new Error("suburbia: a sample's goal pool")
    if (
      JSON.stringify(sample.dealt.map((d) => d?.length ?? 0)) !==
      JSON.stringify(real.dealt.map((d) => d?.length ?? 0))
    )
      throw new Error("suburbia: a sample's dealt goals")
  },
}
