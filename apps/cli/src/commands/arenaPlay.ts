import { type AnyBot, botByName, childBot, playLocal } from "@boroughs/bot-sdk"
import { importBot } from "@boroughs/bot-sdk/node"
import { findGame, gameIds } from "@boroughs/core"
import { GameEngine, toNdjsonLine } from "@boroughs/engine"
import { memoryStoreLayer } from "@boroughs/store"
import { Effect, Layer } from "effect"

/*
 * One arena process's share of the games: its own bots (a stdio bot is one child program per process), each
 * game played with `playLocal` and, for `--out`, replayed through the real engine into an in-memory store so
 * that its envelopes are what `boroughs verify` re-executes. The parent runs this in process (`--jobs 1`) or
 * in forked workers (`arena-worker`), which talk to it in JSON messages over the IPC channel.
 */

/** A line-up entry as written in `--bots`, already sorted by kind. */
export type BotSpec =
  | { readonly kind: "builtin"; readonly spec: string }
  | { readonly kind: "module"; readonly spec: string }
  | { readonly kind: "stdio"; readonly spec: string; readonly command: ReadonlyArray<string> }

/** What every process of one arena plays from. */
export interface ArenaPlan {
  readonly game: string
  readonly seats: number
  /** One per line-up position (position p sits at seat (p + n) mod seats in game n). */
  readonly lineUp: ReadonlyArray<BotSpec>
  readonly seed: string
  /** The prefix of the game ids written with `--out` (null: no envelopes). */
  readonly exportPrefix: string | null
}

/** One game's outcome, seat by seat (seat s is line-up position (s − n) mod seats). */
export interface GameResult {
  readonly n: number
  readonly ranks: ReadonlyArray<number>
  readonly scores: ReadonlyArray<number>
  /** Per seat: decisions its bot answered and the milliseconds it took over them. */
  readonly thinking: ReadonlyArray<{ readonly decisions: number; readonly ms: number }>
  /** The game's envelopes as NDJSON lines (with `--out`). */
  readonly ndjson?: string | undefined
}

/** Messages from the parent to a worker. */
export type ToWorker =
  | { readonly type: "start"; readonly plan: ArenaPlan }
  | { readonly type: "play"; readonly n: number }
  | { readonly type: "stop" }

/** Messages from a worker to the parent. */
export type FromWorker =
  | { readonly type: "ready"; readonly names: ReadonlyArray<string> }
  | { readonly type: "game"; readonly result: GameResult }
  | { readonly type: "error"; readonly message: string }

/** This process's bots, one per line-up position, and a way to close them (stdio children). */
export const makeBots = async (plan: ArenaPlan): Promise<{ bots: AnyBot[]; close: () => Promise<void> }> => {
  const bots: AnyBot[] = []
  try {
    for (const entry of plan.lineUp) {
      if (entry.kind === "builtin") bots.push(botByName(entry.spec, plan.game))
      else if (entry.kind === "module") bots.push(await importBot(entry.spec))
      else bots.push(await childBot({ command: entry.command }))
    }
  } catch (error) {
    await Promise.all(bots.map((b) => b.close?.()))
    throw error
  }
  return { bots, close: async () => void (await Promise.all(bots.map((b) => b.close?.()))) }
}

/** How a line-up position's bot is shown: a module's by the name it gives itself, the others as written. */
export const shownNames = (plan: ArenaPlan, bots: ReadonlyArray<AnyBot>): string[] =>
  plan.lineUp.map((entry, p) => (entry.kind === "module" ? (bots[p]?.name ?? entry.spec) : entry.spec))

const engineLayer = () =>
  GameEngine.layer((id) => findGame(id)?.game, gameIds).pipe(Layer.provideMerge(memoryStoreLayer()))

/**
 * A played game's envelopes: its commands replayed through the engine, as `boroughs selfplay` plays, into a
 * store of its own in memory, so the stream carries the engine's hash chain, commitments and command metadata.
 */
const envelopesOf = async (
  gameId: string,
  plan: ArenaPlan,
  seed: string,
  commands: ReadonlyArray<{ readonly seat: number; readonly command: unknown; readonly bot: string }>,
  ranks: ReadonlyArray<number>,
): Promise<string> => {
  const program = Effect.gen(function* () {
    const engine = yield* GameEngine
    let { game } = yield* engine.create({
      gameId,
      game: plan.game,
      seats: plan.seats,
      seed,
      actor: "cli:arena",
    })
    for (const [i, c] of commands.entries()) {
      const handled = yield* engine.handle({
        gameId,
        seat: c.seat,
        command: c.command,
        commandId: `${gameId}/${i}`,
        actor: `bot:${c.bot}`,
      })
      game = handled.game
    }
    return game
  }).pipe(Effect.scoped, Effect.provide(engineLayer()))
  const game = await Effect.runPromise(program)
  if (JSON.stringify(game.match.ended?.ranks) !== JSON.stringify(ranks))
    throw new Error(`${gameId}: the engine's replay ended otherwise than the game played`)
  return game.envelopes.map((e) => `${toNdjsonLine(e)}\n`).join("")
}

/** Plays game `n` of the arena with these bots (one per line-up position). */
export const playGame = async (
  plan: ArenaPlan,
  bots: ReadonlyArray<AnyBot>,
  n: number,
): Promise<GameResult> => {
  const seats = plan.seats
  const seated = Array.from(
    { length: seats },
    (_, seat) => bots[(seat - (n % seats) + seats) % seats] as AnyBot,
  )
  const seed = `${plan.seed}/${n}`
  const played = await playLocal({ game: plan.game, seats, bots: seated, seed }).catch((error: Error) => {
    throw new Error(`game ${n} (seed ${seed}): ${error.message}`)
  })
  const { ranks, scores } = played.outcome
  return {
    n,
    ranks,
    scores,
    thinking: played.thinking.map((t) => ({ decisions: t.decisions, ms: t.ms })),
    ndjson:
      plan.exportPrefix === null
        ? undefined
        : await envelopesOf(`${plan.exportPrefix}-${n}`, plan, seed, played.commands, ranks),
  }
}

/** A forked worker: builds its bots on `start`, plays each game it is handed, closes its bots on `stop`. */
export const runArenaWorker = async (): Promise<void> => {
  // Once the parent has stopped the arena (another worker failed) there is no one to tell.
  const send = (message: FromWorker) => {
    if (process.connected) process.send?.(message, undefined, undefined, () => {})
  }
  if (process.send === undefined) throw new Error("arena-worker runs only as a child of `boroughs arena`")
  let plan: ArenaPlan | null = null
  let made: Awaited<ReturnType<typeof makeBots>> | null = null
  // The parent gone (Ctrl-C, a crash): nothing left to play for.
  const onParentGone = () => {
    void Promise.resolve(made?.close()).finally(() => process.exit(1))
  }
  // Messages are handled one at a time, in order: a worker plays one game at a time.
  let queue = Promise.resolve()
  await new Promise<void>((done) => {
    const handle = async (message: ToWorker) => {
      if (message.type === "start") {
        plan = message.plan
        made = await makeBots(plan)
        send({ type: "ready", names: shownNames(plan, made.bots) })
      } else if (message.type === "play") {
        if (plan === null || made === null) throw new Error("arena-worker: a game before its start")
        send({ type: "game", result: await playGame(plan, made.bots, message.n) })
      } else {
        await made?.close()
        process.off("message", onMessage)
        done()
      }
    }
    const onMessage = (message: ToWorker) => {
      queue = queue
        .then(() => handle(message))
        .catch((error: Error) => {
          send({ type: "error", message: error.message })
          void made?.close()
          process.off("message", onMessage)
          done()
        })
    }
    process.on("message", onMessage)
    process.on("disconnect", onParentGone)
  })
  process.off("disconnect", onParentGone)
  process.disconnect?.()
}
