/*
 * An upper bound, not a bot: IS-MCTS in Manhattan given the true PRNG (every future roll of the dice) in place
 * of a guessed one, against three heuristic bots, seats rotating, seeds `strength-<n>` as in strength.ts.
 * How often such a searcher wins alone says how far a fair one could get at the same budget.
 *
 *   npx tsx scripts/oracle-bound.ts --iterations 2000 --games 200 [--offset 0] [--fair]
 */
import { parseArgs } from "node:util"
import { type AnyGame, findGame, replay, type Typed } from "@boroughs/core"
import { botByName } from "../src/bots/byName.js"
import { isMctsBot } from "../src/bots/ismcts.js"
import { playLocal } from "../src/local.js"
import { installNodeHasher } from "../src/nodeHasher.js"

installNodeHasher()
const { values } = parseArgs({
  options: {
    iterations: { type: "string", default: "2000" },
    games: { type: "string", default: "200" },
    offset: { type: "string", default: "0" },
    fair: { type: "boolean", default: false },
  },
})
const manhattan = findGame("manhattan")?.game as AnyGame
let events: Typed[] = []
let known: { at: number; secrets: unknown } = { at: -1, secrets: null }
// The true seed and PRNG of the game being played, from its events so far (the searcher's view lacks them).
const trueSecrets = () => {
  if (known.at !== events.length) {
    const state = replay(manhattan, events).state as { seed: string; rng: unknown }
    known = { at: events.length, secrets: { seed: state.seed, rng: state.rng } }
  }
  return known.secrets as object
}
const oracleGame: AnyGame = {
  ...manhattan,
  determinise: (view: unknown) => ({ ...(view as object), ...trueSecrets() }),
} as AnyGame
const searcher = isMctsBot({
  iterations: Number(values.iterations),
  ...(values.fair ? {} : { findGame: (id: string) => (id === "manhattan" ? oracleGame : undefined) }),
})
const heuristic = botByName("heuristic", "manhattan")
let sole = 0
let beaten = 0
let played = 0
for (let g = Number(values.offset); g < Number(values.offset) + Number(values.games); g++) {
  const seat = g % 4
  events = []
  const result = await playLocal({
    game: "manhattan",
    bots: [0, 1, 2, 3].map((s) => (s === seat ? searcher : heuristic)),
    seed: `strength-${g}`,
    onEvent: (e) => events.push(e),
  })
  const ranks = result.outcome.ranks
  const rank = ranks[seat] as number
  played++
  if (rank === 1 && ranks.filter((r) => r === 1).length === 1) sole++
  ranks.forEach((r, s) => {
    if (s !== seat) beaten += r > rank ? 1 : r === rank ? 0.5 : 0
  })
  process.stdout.write(
    `game ${g + 1}: rank ${rank}; ${sole} sole win(s) in ${played}, ahead ${((100 * beaten) / (3 * played)).toFixed(1)}%\n`,
  )
}
