/**
 * Heuristic against random in Manhattan: 1 heuristic bot and 3 random bots, the heuristic's seat rotating,
 * over N 4-seat games (default 1,000). Prints the heuristic's win rate (rank 1, shared wins included), its
 * sole wins and its mean rank. Run: npx tsx scripts/manhattan-winrate.ts [games]
 */
import { heuristicBot, manhattan, randomBot } from "../src/games/manhattan/index.js"
import { simulate } from "../src/kernel/simulate.js"

const games = Number(process.argv[2] ?? 1000)
let wins = 0
let sole = 0
let rankSum = 0
const started = performance.now()
for (let i = 0; i < games; i++) {
  const seat = i % 4
  const bots = [randomBot, randomBot, randomBot, randomBot]
  bots[seat] = heuristicBot
  const { match } = simulate(manhattan, manhattan.defaultOptions, bots, `manhattan-winrate-${i}`, {
    keepEvents: false,
  })
  const ranks = match.ended?.ranks ?? []
  const rank = ranks[seat] ?? 4
  rankSum += rank
  if (rank === 1) {
    wins++
    if (ranks.filter((r) => r === 1).length === 1) sole++
  }
}
const pct = (n: number) => `${((100 * n) / games).toFixed(1)} %`
console.log(
  JSON.stringify(
    {
      games,
      heuristicWins: wins,
      winRate: pct(wins),
      soleWins: pct(sole),
      meanRank: Number((rankSum / games).toFixed(3)),
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
    null,
    2,
  ),
)
