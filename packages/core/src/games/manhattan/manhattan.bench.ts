import { bench, describe } from "vitest"
import { commandBenches, recordGames, TIMING } from "../../../bench/commands.js"
import { Random, rngFromSeed } from "../../kernel/random.js"
import { simulate } from "../../kernel/simulate.js"
import { manhattan, randomBot } from "./index.js"

const SEATS = 4
const OPTIONS = manhattan.defaultOptions
const bots = Array.from({ length: SEATS }, () => randomBot)

// What a 4-seat random game costs in chance events and commands, measured on a fixed sample.
const SAMPLE = 100
let rolls = 0
let commandCount = 0
for (let i = 0; i < SAMPLE; i++) {
  const sim = simulate(manhattan, OPTIONS, bots, `p-${i}`)
  rolls += sim.events.filter((e) => e.type === "DiceRolled").length
  commandCount += sim.commands.length
}
const ROLLS = Math.round(rolls / SAMPLE)
console.log(
  `manhattan.bench: a 4-seat random game averages ${ROLLS} rolls and ${Math.round(commandCount / SAMPLE)} commands`,
)

describe(`Manhattan random playouts, ${SEATS} seats (playouts/s)`, () => {
  let n = 0
  const seed = () => `p-${n++ % 1000}`
  const rng = rngFromSeed("bench")
  bench(
    `baseline: the kernel's dice alone — ${ROLLS} Random.open() rolls, one game's worth`,
    () => {
      for (let i = 0; i < ROLLS; i++) {
        const r = Random.open({ base: rng.base, draws: i })
        r.die()
        r.die()
      }
    },
    TIMING,
  )
  bench(
    "simulate(), keepEvents: false",
    () => {
      simulate(manhattan, OPTIONS, bots, seed(), { keepEvents: false })
    },
    TIMING,
  )
})

// The kernel's overhead: the commands of recorded games through play(), against the bare rules loop.
commandBenches("Manhattan commands, 4 seats", manhattan, recordGames(manhattan, OPTIONS, bots, 10))
