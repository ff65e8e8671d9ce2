import { type AnyGame, type Bot, resetSha256, simulate } from "@boroughs/core"
import { commandBenches, recordGames, TIMING } from "@boroughs/core/bench"
import { downtown, randomBot as downtownRandomBot } from "@boroughs/core/games/downtown"
import { manhattan, randomBot as manhattanRandom } from "@boroughs/core/games/manhattan"
import { suburbia, randomBot as suburbiaRandom } from "@boroughs/core/games/suburbia"
import { uptown, randomBot as uptownRandom } from "@boroughs/core/games/uptown"
import { urbanSprawl, randomBot as urbanSprawlRandom } from "@boroughs/core/games/urban-sprawl"
import { bench, describe } from "vitest"
import { installNodeSha256 } from "./internal/nodeSha256.js"

/**
 * Random playouts and commands in a Node process, where the engine hashes with node:crypto: what bots,
 * self-play and the server get. The baseline in each group is the same work with the kernel's portable
 * @noble SHA-256 (what a browser runs), so each ratio shows what the native hasher is worth; the last bench
 * skips the commitments altogether (`commitments: false`), as search playouts do, which nobody verifies.
 */
const SEATS = 4

type Hasher = "noble" | "node"
let installed: Hasher | null = null
/** Switches the kernel's hasher only when it changes: installing runs the kernel's check vectors. */
const use = (hasher: Hasher) => {
  if (installed === hasher) return
  if (hasher === "node") installNodeSha256()
  else resetSha256()
  installed = hasher
}

const games: ReadonlyArray<{ title: string; game: AnyGame; bot: Bot; target: number }> = [
  { title: "Downtown", game: downtown, bot: downtownRandomBot as Bot, target: 5000 },
  { title: "Manhattan", game: manhattan, bot: manhattanRandom as Bot, target: 5000 },
  { title: "Suburbia", game: suburbia, bot: suburbiaRandom as Bot, target: 5000 },
  { title: "Uptown", game: uptown, bot: uptownRandom as Bot, target: 5000 },
  { title: "Urban Sprawl", game: urbanSprawl, bot: urbanSprawlRandom as Bot, target: 1000 },
]

for (const { title, game, bot, target } of games) {
  const bots = Array.from({ length: SEATS }, () => bot)
  describe(`${title} random playouts, ${SEATS} seats, in Node (playouts/s; target ≥ ${target})`, () => {
    let n = 0
    // Seeds cycle over a fixed set so both benches play the same games.
    const seed = () => `p-${n++ % 1000}`
    bench(
      "baseline: simulate() with @noble SHA-256 (the kernel's default)",
      () => {
        use("noble")
        simulate(game, game.defaultOptions, bots, seed(), { keepEvents: false })
      },
      TIMING,
    )
    bench(
      "simulate() with node:crypto SHA-256 (installed by the engine)",
      () => {
        use("node")
        simulate(game, game.defaultOptions, bots, seed(), { keepEvents: false })
      },
      TIMING,
    )
    bench(
      "simulate() with node:crypto SHA-256, commitments: false (search playouts)",
      () => {
        use("node")
        simulate(game, game.defaultOptions, bots, seed(), { keepEvents: false, commitments: false })
      },
      TIMING,
    )
  })
}

// Downtown hashes twice per secret choice: its commands/s is the one the hasher moves (target ≥ 200k).
commandBenches(
  "Downtown commands, 4 seats, node:crypto SHA-256",
  downtown,
  recordGames(
    downtown,
    downtown.defaultOptions,
    [1, 2, 3, 4].map(() => downtownRandomBot as Bot),
    10,
  ),
  () => use("node"),
)
