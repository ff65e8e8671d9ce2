import { Worker } from "node:worker_threads"
import { type Bot, defaultAnalysisSettings, findGame, gameIds, selfPlayedLog } from "@boroughs/core"
import { recordGames, TIMING } from "@boroughs/core/bench"
import { downtown, randomBot as downtownRandomBot } from "@boroughs/core/games/downtown"
import { testBackends } from "@boroughs/store/testing"
import { Effect, ManagedRuntime } from "effect"
import { bench, describe } from "vitest"
import type { AnalysisJob } from "./analysis/analysisMessages.js"
import { analysisThread } from "./analysis/analysisThread.js"
import { GameEngine } from "./GameEngine.js"
import { liveStack } from "./testkit/liveStack.js"

/**
 * What a running analysis costs live play: the latency of a command appended to a live Downtown game through
 * the engine and a real store, with no analysis running (the baseline) and while the background's analysis
 * thread analyses a finished 3-seat Downtown game with the default settings, over and over. The analysis takes
 * a core of its own; the event loop that takes commands must not wait for it. The control burns a core in an
 * empty loop on another thread: what any busy core costs a machine with few. docs/research/analysis-latency.md
 * keeps the figures.
 */
const SEATS = 4
const recorded = recordGames(
  downtown,
  downtown.defaultOptions,
  Array.from({ length: SEATS }, () => downtownRandomBot as Bot),
  20,
  "latency",
)

const heuristic = findGame("downtown")?.bots.heuristic as Bot
/** What the runner would send the thread for a finished game: ~300 events, ~20 s of a core. */
const job: AnalysisJob = {
  game: "downtown",
  log: selfPlayedLog(downtown, undefined, [heuristic, heuristic, heuristic], "latency").log,
  settings: defaultAnalysisSettings,
}

/** Keeps the analysis thread busy, one analysis after another, until stopped. */
const analysisLoad = () => {
  const thread = analysisThread()
  let running = false
  let heard: (() => void) | null = null
  return {
    /** Resolves once the thread is analysing: it has just reported progress. */
    start: () =>
      new Promise<void>((resolve, reject) => {
        heard = resolve
        if (running) return
        running = true
        const loop = () => {
          thread
            .analyse(job, () => {
              heard?.()
              heard = null
            })
            .then(
              () => running && loop(),
              (error: Error) => (running ? reject(error) : undefined),
            )
        }
        loop()
      }),
    stop: async () => {
      running = false
      await thread.stop()
    },
  }
}

/** The control: a thread that only burns a core, to tell the analysis's cost from any busy core's. */
const spinLoad = () => {
  let spinning: Worker | null = null
  return {
    start: async () => {
      spinning ??= new Worker("for (;;) {}", { eval: true })
    },
    stop: async () => {
      await spinning?.terminate()
      spinning = null
    },
  }
}

for (const backend of testBackends()) {
  describe(`a command appended to a live Downtown game (${SEATS} seats) through the engine on ${backend.name}`, () => {
    const runtime = ManagedRuntime.make(
      liveStack(backend.layer, { findGame: (id) => findGame(id)?.game, knownGames: gameIds }),
    )
    const engine = runtime.runPromise(
      Effect.gen(function* () {
        return yield* GameEngine
      }),
    )
    const analysis = analysisLoad()
    const spin = spinLoad()
    let games = 0
    let next: { gameId: string; game: (typeof recorded)[number]; index: number } | null = null

    /** Appends the next recorded command, creating the next game when the last one has run out of them. */
    const appendOne = async () => {
      const { create, handle } = await engine
      if (next === null || next.index >= next.game.commands.length) {
        const gameId = `${backend.name}-${games}`
        const which = games % recorded.length
        games++
        // The seed and options recordGames played it with, so its commands are the game's.
        await Effect.runPromise(
          create({
            gameId,
            game: "downtown",
            options: downtown.defaultOptions,
            seats: SEATS,
            seed: `latency-${which}`,
          }),
        )
        next = { gameId, game: recorded[which] as (typeof recorded)[number], index: 0 }
      }
      const { seat, command } = next.game.commands[next.index] as (typeof next.game.commands)[number]
      await Effect.runPromise(
        handle({ gameId: next.gameId, seat, command, commandId: `${next.gameId}/${next.index}` }),
      )
      next.index++
    }

    bench("baseline: no analysis running", appendOne, {
      ...TIMING,
      setup: () => Promise.all([analysis.stop(), spin.stop()]).then(() => undefined),
    })
    bench("while the analysis thread analyses a Downtown game (default settings)", appendOne, {
      ...TIMING,
      setup: () => analysis.start(),
      teardown: (_task, mode) => {
        if (mode === "run") void analysis.stop()
      },
    })
    bench("control: while a thread burns a core in an empty loop", appendOne, {
      ...TIMING,
      setup: () => spin.start(),
      teardown: (_task, mode) => {
        if (mode === "run") void spin.stop().then(() => runtime.dispose())
      },
    })
  })
}
