import { type AnyGame, type Bot, botCommand, botRandom, seedCommitment, verifyChain } from "@boroughs/core"
import { type BluffDiceState, bluffDice, bluffDiceBots } from "@boroughs/core/fixture"
import { EventStore } from "@boroughs/store"
import { testBackends } from "@boroughs/store/testing"
import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { GameEngine, type LoadedGame } from "./GameEngine.js"
import * as Streams from "./Streams.js"
import { verifyStream } from "./verify.js"

const games: Record<string, AnyGame> = { "bluff-dice": bluffDice }
const stateOf = (game: LoadedGame) => game.match.state as BluffDiceState
const engineOn = (store: Layer.Layer<EventStore, unknown>) =>
  GameEngine.layer(
    (id) => games[id],
    () => Object.keys(games),
  ).pipe(Layer.provideMerge(store))

/** Plays a created game to its end with the fixture's bots through the engine. */
const playOut = (gameId: string, seed: string, bots: ReadonlyArray<Bot>) =>
  Effect.gen(function* () {
    const engine = yield* GameEngine
    let game: LoadedGame = yield* engine.load(gameId)
    let n = 0
    while (!game.match.ended) {
      for (const { seat } of bluffDice.pending(stateOf(game))) {
        if (game.match.ended || !bluffDice.pending(stateOf(game)).some((d) => d.seat === seat)) continue
        const command = botCommand(game.match, seat, bots[seat] as Bot, botRandom(`${seed}/${n}`, seat))
        game = (yield* engine.handle({ gameId, seat, command, commandId: `${gameId}/${n++}` })).game
      }
    }
    return game
  })

for (const backend of testBackends()) {
  describe(`GameEngine on ${backend.name}`, () => {
    const run = <A, E>(program: Effect.Effect<A, E, GameEngine | EventStore>) =>
      Effect.runPromise(program.pipe(Effect.provide(engineOn(backend.layer)), Effect.scoped))
    const bots = [bluffDiceBots.random, bluffDiceBots.middle, bluffDiceBots.random]

    it("creates a game, plays it to the end, and the stored stream verifies", async () => {
      const { game, stored } = await run(
        Effect.gen(function* () {
          const engine = yield* GameEngine
          yield* engine.create({
            gameId: "g1",
            game: "bluff-dice",
            seats: 3,
            seed: "s1",
            options: { rounds: 3, sides: 6 },
          })
          const game = yield* playOut("g1", "s1", bots)
          const stored = yield* (yield* EventStore).readStream(Streams.game("g1"))
          return { game, stored }
        }),
      )
      expect(game.match.ended?.seed).toBe("s1")
      expect(stored.map((e) => e.hash)).toEqual(game.envelopes.map((e) => e.hash))
      expect(verifyChain(stored)).toBeNull()
      const report = verifyStream(stored, (id) => games[id])
      expect(report.problems).toEqual([])
      expect(report).toMatchObject({ ok: true, ended: true, game: "bluff-dice" })
      expect(report.commitmentsChecked).toBe(9) // 3 seats × 3 rounds
      // the first event of each append says what caused it
      expect(stored[0]?.metadata).toMatchObject({
        commandId: "g1/create",
        command: { type: "CreateGame", seats: 3 },
      })
      expect(stored[0]?.data.seedCommitment).toBe(seedCommitment("s1"))
    })

    it("a retried command appends nothing and returns the stored result", async () => {
      await run(
        Effect.gen(function* () {
          const engine = yield* GameEngine
          const { game } = yield* engine.create({ gameId: "g2", game: "bluff-dice", seats: 2, seed: "s2" })
          const seat = bluffDice.pending(stateOf(game))[0]!.seat
          const command = bluffDice.legalCommands(stateOf(game), seat)[0]
          const first = yield* engine.handle({ gameId: "g2", seat, command, commandId: "c1" })
          const again = yield* engine.handle({ gameId: "g2", seat, command, commandId: "c1" })
          expect(first.duplicate).toBe(false)
          expect(again.duplicate).toBe(true)
          expect(again.appended.map((e) => e.eventId)).toEqual(first.appended.map((e) => e.eventId))
          const head = yield* (yield* EventStore).head(Streams.game("g2"))
          expect(head?.version).toBe(first.game.envelopes.length)
          // creating the same game again with the same command id is a no-op too
          const recreated = yield* engine.create({ gameId: "g2", game: "bluff-dice", seats: 2, seed: "s2" })
          expect(recreated.duplicate).toBe(true)
        }),
      )
    })

    it("rejects illegal, malformed and misdirected commands with the rule, and writes nothing", async () => {
      await run(
        Effect.gen(function* () {
          const engine = yield* GameEngine
          const store = yield* EventStore
          const { game } = yield* engine.create({ gameId: "g3", game: "bluff-dice", seats: 2, seed: "s3" })
          const before = (yield* store.head(Streams.game("g3")))?.version
          const fail = (input: Parameters<typeof engine.handle>[0]) =>
            engine.handle(input).pipe(
              Effect.flip,
              Effect.map((e) => ({ tag: e._tag, rule: "rule" in e ? e.rule : undefined })),
            )
          const seat = bluffDice.pending(stateOf(game))[0]!.seat
          expect(
            yield* fail({ gameId: "g3", seat, command: { type: "CommitBid", bid: 99 }, commandId: "x1" }),
          ).toMatchObject({
            tag: "CommandRejected",
          })
          expect(yield* fail({ gameId: "g3", seat, command: { type: "Fly" }, commandId: "x2" })).toEqual({
            tag: "CommandRejected",
            rule: "kernel.command.malformed",
          })
          expect(
            yield* fail({ gameId: "g3", seat: 7, command: { type: "CommitBid", bid: 1 }, commandId: "x3" }),
          ).toEqual({
            tag: "CommandRejected",
            rule: "kernel.not-your-decision",
          })
          expect(
            yield* fail({ gameId: "nope", seat: 0, command: { type: "CommitBid", bid: 1 }, commandId: "x4" }),
          ).toMatchObject({
            tag: "GameNotFound",
          })
          expect((yield* store.head(Streams.game("g3")))?.version).toBe(before)
          const unknown = yield* engine
            .create({ gameId: "g4", game: "chess", seats: 2, seed: "x" })
            .pipe(Effect.flip)
          expect(unknown._tag).toBe("UnknownGame")
          const seats = yield* engine
            .create({ gameId: "g5", game: "bluff-dice", seats: 9, seed: "x" })
            .pipe(Effect.flip)
          expect(seats).toMatchObject({ _tag: "CommandRejected", rule: "kernel.setup.seat-count" })
          expect(yield* store.head(Streams.game("g5"))).toBeNull()
        }),
      )
    })

    it("16 racing commands for one decision: exactly one lands, no version is lost or doubled", async () => {
      await run(
        Effect.gen(function* () {
          const engine = yield* GameEngine
          const { game } = yield* engine.create({ gameId: "g6", game: "bluff-dice", seats: 2, seed: "s6" })
          const seat = bluffDice.pending(stateOf(game))[0]!.seat
          const exits = yield* Effect.forEach(
            Array.from({ length: 16 }, (_, i) => i),
            (i) =>
              Effect.exit(
                engine.handle({
                  gameId: "g6",
                  seat,
                  command: { type: "CommitBid", bid: 1 + (i % 6) },
                  commandId: `race-${i}`,
                }),
              ),
            { concurrency: "unbounded" },
          )
          const won = exits.filter(Exit.isSuccess)
          expect(won).toHaveLength(1)
          const stored = yield* (yield* EventStore).readStream(Streams.game("g6"))
          expect(stored.map((e) => e.version)).toEqual(stored.map((_, i) => i + 1))
          expect(verifyChain(stored)).toBeNull()
        }),
      )
    })
  })
}

describe("GameEngine rejects a game it does not know even when the stream exists", () => {
  it("GameNotFound for an empty id", async () => {
    const [backend] = testBackends({}, undefined)
    const exit = await Effect.runPromiseExit(
      Effect.gen(function* () {
        return yield* (yield* GameEngine).load("missing")
      }).pipe(Effect.provide(engineOn(backend!.layer)), Effect.scoped),
    )
    expect(Exit.isFailure(exit)).toBe(true)
  })
})
