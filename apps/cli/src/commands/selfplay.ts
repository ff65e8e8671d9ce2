import { writeFile } from "node:fs/promises"
import { type Bot, botCommand, botRandom, type Random, sha256Hex } from "@boroughs/core"
import { GameEngine, toNdjsonLine } from "@boroughs/engine"
import { Effect } from "effect"
import { engineLayer, runEffect } from "../engine.js"
import { botsFor, requireGame, requireSeats } from "../games.js"
import { statusLine } from "../progress.js"

export interface SelfplayOptions {
  readonly game: string
  readonly players: number
  readonly seed: string
  readonly bots: string
  readonly db?: string
  readonly out?: string
  readonly gameId?: string
}

/** A game id that depends only on what decides the game, so the same self-play is the same stream. */
export const selfplayGameId = (game: string, players: number, seed: string, bots: ReadonlyArray<Bot>) =>
  `${game}-${sha256Hex(JSON.stringify([game, players, seed, bots.map((b) => b.name)])).slice(0, 16)}`

/** Plays one game through the engine and the store, bot by bot, and returns its summary. */
export const selfplay = async (o: SelfplayOptions) => {
  const g = requireGame(o.game)
  const seats = requireSeats(g, o.players)
  const bots = botsFor(g, o.bots, seats)
  const gameId = o.gameId ?? selfplayGameId(g.game.id, seats, o.seed, bots)
  const randoms: Random[] = bots.map((_, seat) => botRandom(o.seed, seat))
  const status = statusLine(`${g.game.id} ${gameId} | {commands} commands | {events} events`)

  const program = Effect.gen(function* () {
    const engine = yield* GameEngine
    let { game } = yield* engine.create({
      gameId,
      game: g.game.id,
      seats,
      seed: o.seed,
      actor: "cli:selfplay",
    })
    let n = 0
    while (!game.match.ended) {
      const decisions = g.game.pending(game.match.state)
      if (decisions.length === 0) return yield* Effect.die(new Error(`${g.game.id}: nobody owes a decision`))
      for (const { seat } of decisions) {
        if (game.match.ended || !g.game.pending(game.match.state).some((d) => d.seat === seat)) continue
        const bot = bots[seat] as Bot
        const command = botCommand(game.match, seat, bot, randoms[seat] as Random)
        const handled = yield* engine.handle({
          gameId,
          seat,
          command,
          commandId: `${gameId}/${n}`,
          actor: `bot:${bot.name}`,
        })
        game = handled.game
        n++
        status.update({ commands: n, events: game.envelopes.length })
      }
    }
    return game
  }).pipe(Effect.scoped, Effect.provide(engineLayer(o.db)))

  const game = await runEffect(program).finally(() => status.stop())
  if (o.out) await writeFile(o.out, game.envelopes.map((e) => `${toNdjsonLine(e)}\n`).join(""))
  const ended = game.match.ended
  return {
    gameId,
    game: g.game.id,
    seed: o.seed,
    players: seats,
    bots: bots.map((b) => b.name),
    ranking: ended ? rankingOf(ended.ranks) : [],
    ranks: ended?.ranks ?? [],
    scores: ended?.scores ?? [],
    events: game.envelopes.length,
    head: game.envelopes[game.envelopes.length - 1]?.hash ?? null,
    ...(o.out ? { out: o.out } : {}),
  }
}

/** Seats best first (ties in seat order). */
const rankingOf = (ranks: ReadonlyArray<number>): number[] =>
  ranks
    .map((rank, seat) => ({ rank, seat }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map((x) => x.seat)
