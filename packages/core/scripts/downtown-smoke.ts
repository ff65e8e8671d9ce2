import { downtown, downtownRandomBot } from "../src/games/downtown/index.js"
import type { Bot } from "../src/kernel/bot.js"
import { simulate } from "../src/kernel/simulate.js"

const bots = (n: number) => Array.from({ length: n }, () => downtownRandomBot as unknown as Bot)
for (const [seats, variant] of [
  [3, "standard"],
  [4, "standard"],
  [6, "standard"],
  [2, "2p-official"],
] as const) {
  const t = performance.now()
  let cmds = 0
  let events = 0
  const N = 200
  for (let i = 0; i < N; i++) {
    const sim = simulate(downtown, { variant }, bots(seats), `smoke-${seats}-${i}`)
    cmds += sim.commands.length
    events += sim.events.length
  }
  const ms = performance.now() - t
  console.log(
    seats,
    variant,
    "games/s",
    ((N * 1000) / ms).toFixed(0),
    "cmds/game",
    cmds / N,
    "events/game",
    events / N,
  )
}
const sim = simulate(downtown, { variant: "standard" }, bots(4), "show")
console.log(
  sim.events
    .slice(0, 40)
    .map((e) => JSON.stringify(e))
    .join("\n"),
)
console.log(JSON.stringify(sim.events.at(-1)))
