import { downtown, downtownHeuristicBot, downtownRandomBot } from "../src/games/downtown/index.js"
import type { Bot } from "../src/kernel/bot.js"
import { simulate } from "../src/kernel/simulate.js"

const games = Number(process.argv[2] ?? 1000)
const seats = 4
let wins = 0
let sole = 0
let margin = 0
const t = performance.now()
for (let i = 0; i < games; i++) {
  const hero = i % seats
  const bots = Array.from(
    { length: seats },
    (_, s) => (s === hero ? downtownHeuristicBot : downtownRandomBot) as unknown as Bot,
  )
  const sim = simulate(downtown, { variant: "standard" }, bots, `winrate-${i}`, { keepEvents: false })
  const ended = sim.match.ended!
  if (ended.ranks[hero] === 1) wins++
  if (ended.ranks[hero] === 1 && ended.ranks.filter((r) => r === 1).length === 1) sole++
  margin += ended.scores[hero]! - Math.max(...ended.scores.filter((_, s) => s !== hero))
}
console.log(
  `heuristic vs 3 random, ${games} games: wins ${wins} (${((100 * wins) / games).toFixed(1)}%), sole wins ${sole}, mean margin ${(margin / games).toFixed(1)}, ${((performance.now() - t) / 1000).toFixed(1)} s`,
)
