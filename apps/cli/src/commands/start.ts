import { randomUUID } from "node:crypto"
import { type Bot, botCommand, botRandom, type RegisteredGame, registry } from "@boroughs/core"
import { GameEngine } from "@boroughs/engine"
import cliProgress from "cli-progress"
import { Effect } from "effect"
import { describeDb } from "../db.js"
import { engineLayer, runEffect } from "../engine.js"
import { CliError } from "../fail.js"
import { requireGame } from "../games.js"
import { interactive } from "../progress.js"

export interface StartOptions {
  readonly db?: string
  readonly games?: string
  /** Stop after this many finished games of each game (default: run until interrupted). */
  readonly maxGames?: number
}

interface Tally {
  games: number
  events: number
  commands: number
  lastWinner: string
}

/** The house line-up: one heuristic bot against random ones, seats rotating from game to game. */
const lineUp = (g: RegisteredGame, seats: number, n: number): Bot[] => {
  const strong = g.bots.heuristic ?? Object.values(g.bots)[0]
  const weak = g.bots.random ?? strong
  return Array.from({ length: seats }, (_, s) => ((s + n) % seats === 0 ? strong : weak) as Bot)
}

/** Continuous bot self-play of every registered game into the database, with a live display. */
export const startSelfplay = async (o: StartOptions) => {
  const games = o.games ? o.games.split(",").map((id) => requireGame(id.trim())) : [...registry]
  if (games.length === 0) throw new CliError("no games are registered yet")
  const db = describeDb(o.db)
  const tallies = new Map<string, Tally>(
    games.map((g) => [g.game.id, { games: 0, events: 0, commands: 0, lastWinner: "-" }]),
  )
  const started = Date.now()
  const live = interactive()
  const multi = live
    ? new cliProgress.MultiBar(
        {
          format: "{game} | {games} games | {events} events | {rate} events/s | last winner {lastWinner}",
          hideCursor: true,
          stream: process.stderr,
          fps: 5,
        },
        cliProgress.Presets.shades_classic,
      )
    : null
  const bars = new Map(
    games.map((g) => [
      g.game.id,
      multi?.create(1, 0, { game: g.game.id.padEnd(12), games: 0, events: 0, rate: 0, lastWinner: "-" }),
    ]),
  )
  const render = (id: string) => {
    const t = tallies.get(id) as Tally
    const secs = Math.max(1, (Date.now() - started) / 1000)
    bars.get(id)?.update(0, { game: id.padEnd(12), ...t, rate: Math.round(t.events / secs) })
  }
  process.stderr.write(
    `boroughs: self-play of ${games.map((g) => g.game.id).join(", ")} into ${db.kind === "postgres" ? "PostgreSQL" : db.dir} (Ctrl-C stops)\n`,
  )

  let stopping = false
  const stop = () => {
    stopping = true
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)

  const playForever = (g: RegisteredGame) =>
    Effect.gen(function* () {
      const engine = yield* GameEngine
      const t = tallies.get(g.game.id) as Tally
      for (let n = 0; !stopping && (o.maxGames === undefined || n < o.maxGames); n++) {
        const seats = Math.min(g.game.seats.max, Math.max(g.game.seats.min, 4))
        const bots = lineUp(g, seats, n)
        const seed = randomUUID()
        const gameId = `${g.game.id}-${randomUUID().slice(0, 8)}`
        const randoms = bots.map((_, s) => botRandom(seed, s))
        let { game } = yield* engine.create({
          gameId,
          game: g.game.id,
          seats,
          seed,
          actor: "house",
          time: new Date().toISOString(),
        })
        t.events += game.envelopes.length
        let c = 0
        while (!game.match.ended) {
          for (const { seat } of g.game.pending(game.match.state)) {
            if (game.match.ended || !g.game.pending(game.match.state).some((d) => d.seat === seat)) continue
            const command = botCommand(game.match, seat, bots[seat] as Bot, randoms[seat]!)
            const before = game.envelopes.length
            game = (yield* engine.handle({
              gameId,
              seat,
              command,
              commandId: `${gameId}/${c++}`,
              actor: `bot:${bots[seat]!.name}`,
              time: new Date().toISOString(),
            })).game
            t.events += game.envelopes.length - before
            t.commands++
          }
          render(g.game.id)
          yield* Effect.yieldNow
        }
        const ranks = game.match.ended?.ranks ?? []
        t.games++
        t.lastWinner = ranks
          .map((r, s) => (r === 1 ? `seat ${s} (${bots[s]!.name})` : null))
          .filter(Boolean)
          .join(", ")
        render(g.game.id)
      }
    })

  await runEffect(
    Effect.forEach(games, playForever, { concurrency: "unbounded", discard: true }).pipe(
      Effect.scoped,
      Effect.provide(engineLayer(o.db)),
    ),
  ).finally(() => multi?.stop())
  const summary = Object.fromEntries(tallies)
  if (!live) process.stderr.write(`${JSON.stringify(summary)}\n`)
  return summary
}
