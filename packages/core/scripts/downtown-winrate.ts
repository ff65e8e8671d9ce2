/**
 * How often the heuristic bot beats random bots: one heuristic seat (rotating) against random ones.
 * Run: npx tsx scripts/downtown-winrate.ts [games, default 1000] [seat counts, default 4]
 * e.g. `npx tsx scripts/downtown-winrate.ts 500 3,4,5,6`. A win is rank 1, shared or not.
 */
import {
  downtown,
  heuristicBot as downtownHeuristicBot,
  randomBot as downtownRandomBot,
} from "../src/games/downtown/index.js"
import type { Bot } from "../src/kernel/bot.js"
import { simulate } from "../src/kernel/simulate.js"

const games = Number(process.argv[2] ?? 1000)
const tables = (process.argv[3] ?? "4").split(",").map(Number)
for (const seats of tables) {
  let wins = 0
  let sole = 0
  let margin = 0
  const t = performance.now()
  for (let i = 0; i < games; i++) {
    const hero = i % seats
    const bots: Bot[] = Array.from({ length: seats }, (_, s) =>
      s === hero ? downtownHeuristicBot : downtownRandomBot,
    )
    const ended = simulate(downtown, { variant: "standard" }, bots, `winrate-standard-${seats}-${i}`, {
      keepEvents: false,
    }).match.ended
    if (!ended) throw new Error("a game did not end")
    const best = Math.max(...ended.scores.filter((_, s) => s !== hero))
    if (ended.ranks[hero] === 1) wins++
    if ((ended.scores[hero] as number) > best) sole++
    margin += (ended.scores[hero] as number) - best
  }
  console.log(
    `${seats} seats, heuristic vs ${seats - 1} random, ${games} games: won ${wins} (${((100 * wins) / games).toFixed(1)} %), ` +
      `alone ${sole}, mean margin over the best random ${(margin / games).toFixed(1)}, ${((performance.now() - t) / 1000).toFixed(0)} s`,
  )
}
