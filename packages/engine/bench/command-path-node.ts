/**
 * What the engine adds per command on Downtown, with no I/O: the same recorded commands through the
 * kernel's play() and through GameEngine.handle over an in-memory store that keeps the real hash chain,
 * in one process, rounds interleaved so a loaded machine slows both alike. Prints µs per command (median of
 * the rounds) and the engine's overhead as a multiple of play()'s cost: (engine − play) / play.
 *
 *   pnpm --filter @boroughs/engine bench:command-path
 */
import os from "node:os"
import type { Bot, EventEnvelope } from "@boroughs/core"
import { bareReplay, playReplay, recordGames } from "@boroughs/core/bench"
import { downtown, downtownRandomBot } from "@boroughs/core/games/downtown"
import { Effect, Layer, ManagedRuntime } from "effect"
import { GameEngine } from "../src/GameEngine.js"
import { nodeSha256Hex } from "../src/nodeSha256.js"
import { memoryStore } from "./memoryStore.js"

const GAMES = Number(process.env.BENCH_GAMES ?? 20)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)
const SEATS = 4

const recorded = recordGames(
  downtown,
  downtown.defaultOptions,
  Array.from({ length: SEATS }, () => downtownRandomBot as Bot),
  GAMES,
)
const commands = recorded.reduce((n, g) => n + g.commands.length, 0)

const timed = (run: () => void): number => {
  const t0 = performance.now()
  run()
  return ((performance.now() - t0) * 1000) / commands
}

let chainHeads = ""
/** Every recorded game created and played through a fresh engine; µs per command (creates included). */
const engineRound = async (): Promise<number> => {
  const runtime = ManagedRuntime.make(
    GameEngine.layer(
      (id) => (id === downtown.id ? downtown : undefined),
      () => [downtown.id],
    ).pipe(Layer.provide(memoryStore())),
  )
  const engine = await runtime.runPromise(
    Effect.gen(function* () {
      return yield* GameEngine
    }),
  )
  const t0 = performance.now()
  for (let g = 0; g < recorded.length; g++) {
    const gameId = `g${g}`
    await Effect.runPromise(
      engine.create({
        gameId,
        game: downtown.id,
        seats: SEATS,
        seed: `bench-${g}`,
        time: "2026-01-01T00:00:00.000Z",
      }),
    )
    const game = recorded[g] as (typeof recorded)[number]
    for (let i = 0; i < game.commands.length; i++) {
      const { seat, command } = game.commands[i] as (typeof game.commands)[number]
      await Effect.runPromise(
        engine.handle({
          gameId,
          seat,
          command,
          commandId: `${gameId}/${i}`,
          time: "2026-01-01T00:00:00.000Z",
        }),
      )
    }
  }
  const us = ((performance.now() - t0) * 1000) / commands
  // The chain heads of every game: the same in every round, and across versions of the engine.
  const heads: string[] = []
  for (let g = 0; g < recorded.length; g++) {
    const { envelopes } = await Effect.runPromise(engine.load(`g${g}`))
    heads.push((envelopes[envelopes.length - 1] as EventEnvelope).hash)
  }
  chainHeads = nodeSha256Hex(heads.join(","))
  await runtime.dispose()
  return us
}

const median = (xs: ReadonlyArray<number>) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}

// Warm-up: both paths compiled before anything is timed.
for (let i = 0; i < 3; i++) {
  for (const g of recorded) {
    bareReplay(downtown, g)
    playReplay(g)
  }
  await engineRound()
}
const bare: number[] = []
const played: number[] = []
const engined: number[] = []
for (let r = 0; r < ROUNDS; r++) {
  bare.push(
    timed(() => {
      for (const g of recorded) bareReplay(downtown, g)
    }),
  )
  played.push(
    timed(() => {
      for (const g of recorded) playReplay(g)
    }),
  )
  engined.push(await engineRound())
}
const [b, p, e] = [median(bare), median(played), median(engined)]
const f = (x: number) => x.toFixed(2)
console.log(
  `Downtown, ${SEATS} seats, ${commands} commands of ${GAMES} recorded games, median of ${ROUNDS} rounds` +
    ` (load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}):`,
)
console.log(`  bare decide/evolve/advance  ${f(b)} µs/command`)
console.log(`  kernel play()               ${f(p)} µs/command`)
console.log(`  GameEngine.handle           ${f(e)} µs/command (in-memory store, real hash chain)`)
console.log(`  SHA-256 of the games' chain heads: ${chainHeads}`)
console.log(`  engine adds ${f(e - p)} µs/command = ${f((e - p) / p)}× play() (target ≤ 4×)`)
