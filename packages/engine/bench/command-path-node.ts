/**
 * What the engine adds per command on Downtown, with no I/O: the same recorded commands through the
 * kernel's play() and through GameEngine.handle over an in-memory store that keeps the real hash chain,
 * in one process, rounds interleaved so a loaded machine slows both alike. Prints µs per command (median of
 * the rounds) and the engine's overhead as a multiple of play()'s cost: (engine − play) / play. A round of
 * play() replays the games as many times as makes it last about as long as an engine round, so that on a shared
 * machine both are as likely to be interrupted. Then the snapshot seek of `view?at=` beside a fold from the start.
 *
 *   pnpm --filter @boroughs/engine bench:command-path
 */
import os from "node:os"
import {
  type Bot,
  type EventEnvelope,
  envelopeHashOf,
  exactCanonicalJson,
  GENESIS_HASH,
} from "@boroughs/core"
import { bareReplay, playReplay, recordGames } from "@boroughs/core/bench"
import { downtown, randomBot as downtownRandomBot } from "@boroughs/core/games/downtown"
import { eventIdFor } from "@boroughs/store"
import { Effect, Layer, ManagedRuntime } from "effect"
import { GameEngine } from "../src/GameEngine.js"
import { nodeSha256Hex } from "../src/internal/nodeSha256.js"
import { memoryStore } from "./memoryStore.js"
import { seekBench } from "./viewAt.js"

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

/** µs per command of `run`, which goes through every recorded command `passes` times. */
const timed = (run: () => void, passes = 1): number => {
  const t0 = performance.now()
  for (let i = 0; i < passes; i++) run()
  return ((performance.now() - t0) * 1000) / (commands * passes)
}

let chainHeads = ""
let logs: ReadonlyArray<ReadonlyArray<EventEnvelope>> = []
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
  const read: Array<ReadonlyArray<EventEnvelope>> = []
  for (let g = 0; g < recorded.length; g++) {
    const { envelopes } = await Effect.runPromise(engine.load(`g${g}`))
    heads.push((envelopes[envelopes.length - 1] as EventEnvelope).hash)
    read.push([...envelopes])
  }
  logs = read
  chainHeads = nodeSha256Hex(heads.join(","))
  await runtime.dispose()
  return us
}

/**
 * The store's share alone: the hash chain of every game as an append computes it (canonical JSON of data and
 * metadata, event ids, SHA-256 links), from the envelopes an engine round appended. Checks every link.
 */
const chainOnly = () => {
  for (const log of logs) {
    let prevHash = GENESIS_HASH
    let index = 0
    for (let i = 0; i < log.length; i++) {
      const e = log[i] as EventEnvelope
      const commandId = e.metadata.commandId as string
      index = i > 0 && (log[i - 1] as EventEnvelope).metadata.commandId === commandId ? index + 1 : 0
      const data = exactCanonicalJson(e.data) as string
      const metadata = exactCanonicalJson(e.metadata) as string
      const eventId = eventIdFor(commandId, index)
      const { streamId, version, type, schemaVersion } = e
      prevHash = envelopeHashOf({ streamId, version, eventId, type, schemaVersion, prevHash }, data, metadata)
      if (prevHash !== e.hash) throw new Error(`the chain differs from the store's at ${streamId}@${version}`)
    }
  }
}

const median = (xs: ReadonlyArray<number>) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}

// Warm-up: both paths compiled before anything is timed.
let engineUs = 0
for (let i = 0; i < 3; i++) {
  for (const g of recorded) {
    bareReplay(downtown, g)
    playReplay(g)
  }
  engineUs = await engineRound()
  chainOnly()
}
// BENCH_PLAY_PASSES=1 times play() as earlier versions of this bench did: one short pass a round, right after an
// engine round, so it also pays for garbage that round left, and one interruption swings it (3.8–7.3 µs seen).
const passes =
  Number(process.env.BENCH_PLAY_PASSES ?? 0) ||
  Math.max(1, Math.round(engineUs / timed(() => recorded.forEach(playReplay))))
const bare: number[] = []
const played: number[] = []
const engined: number[] = []
const chained: number[] = []
for (let r = 0; r < ROUNDS; r++) {
  bare.push(
    timed(() => {
      for (const g of recorded) bareReplay(downtown, g)
    }, passes),
  )
  played.push(
    timed(() => {
      for (const g of recorded) playReplay(g)
    }, passes),
  )
  chained.push(timed(chainOnly, passes))
  engined.push(await engineRound())
}
const [b, p, c, e] = [median(bare), median(played), median(chained), median(engined)]
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
console.log(
  `    of which the store's hash chain alone ${f(c)} µs/command = ${f(c / p)}× play(); the rest ${f(e - p - c)} µs = ${f((e - p - c) / p)}×`,
)

const seekGames = Number(process.env.BENCH_SEEK_GAMES ?? 5)
if (seekGames > 0) {
  const seek = await seekBench(downtown, SEATS, recorded.slice(0, seekGames), ROUNDS)
  console.log(
    `view?at= on ${seek.games} finished games, every one of their ${seek.positions} positions, median of ${ROUNDS} rounds:`,
  )
  console.log(`  fold from GameStarted        ${f(seek.fold)} µs/position`)
  console.log(`  Snapshots.matchAt            ${f(seek.matchAt)} µs/position (snapshots in memory)`)
  console.log(`  Snapshots.matchAt, 1st pass  ${f(seek.matchAtCold)} µs/position (reads each snapshot once)`)
  console.log(`  matchAt takes ${f(seek.matchAt / seek.fold)}× the fold's time (target ≤ 1×)`)
}
