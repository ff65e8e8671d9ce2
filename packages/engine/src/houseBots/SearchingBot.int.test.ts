import { type EventEnvelope, findGame, play, Random, type Seat, start, type Typed } from "@boroughs/core"
import { EventStore } from "@boroughs/store"
import { freshPglite } from "@boroughs/store/testing"
import { Effect, Layer, Result } from "effect"
import { describe, expect, it } from "vitest"
import { GameEngine } from "../GameEngine.js"
import { newSigningKeyPem, signerFromPem } from "../tournament/signing.js"
import { makeTournaments } from "../tournament/Tournaments.js"
import { HouseBotFailed, type HouseTurn, houseBotKey, type SearchingBot } from "./SearchingBot.js"

// The scheduler's house seats with a bot that answers as an Effect (in the server, a search on a worker
// thread): what it is told of a turn, where its command goes, and what happens when it cannot answer.

const registered = findGame("uptown")
if (registered === undefined) throw new Error("uptown is registered")
const uptown = registered.game
const heuristic = registered.bots.heuristic
if (heuristic === undefined) throw new Error("uptown has a heuristic bot")
const TIME = "2026-01-01T00:00:00.000Z"

/** Plays the house seats of a 2-seat Uptown game, seat 0 held by `builtin:deep` (answered by `deep`). */
const playWith = (deep: SearchingBot, decisionMs: number | null) =>
  Effect.gen(function* () {
    const engine = yield* GameEngine
    yield* engine.create({
      gameId: "g1",
      game: "uptown",
      seats: 2,
      seed: "seed-g1",
      time: TIME,
      metadata: {
        settings: {
          players: ["builtin:deep", "builtin:heuristic"],
          spectators: { mode: "live" },
          decisionMs,
        },
      },
    })
    const tournaments = makeTournaments(yield* EventStore, engine, {
      findGame: (id) => findGame(id),
      signer: signerFromPem(newSigningKeyPem()),
      seedFor: () => "unused",
      now: () => TIME,
      searchingBot: (name) => (name === "deep" ? deep : undefined),
    })
    const played = yield* tournaments.playBuiltins("g1")
    const game = yield* engine.load("g1")
    return { played, envelopes: game.envelopes as ReadonlyArray<EventEnvelope>, ended: game.match.ended }
  }).pipe(
    Effect.provide(
      GameEngine.layer(
        (id) => findGame(id)?.game,
        () => ["uptown"],
      ).pipe(Layer.provideMerge(freshPglite())),
    ),
    Effect.scoped,
    Effect.runPromise,
  )

/** A bot that answers as the game's heuristic would from the turn's view, keeping each turn it is told. */
const recording = (turns: HouseTurn[]): SearchingBot => ({
  choose: (turn) =>
    Effect.sync(() => {
      turns.push(turn)
      return heuristic.choose({
        seat: turn.seat,
        view: turn.view,
        legal: turn.legal,
        random: Random.fromKey(turn.randomKey),
      }) as Typed
    }),
})

const failing: SearchingBot = {
  choose: () => Effect.fail(new HouseBotFailed({ message: "no thread answered" })),
}

describe("a searching house bot in the scheduler", () => {
  it("is told the seat's view and its position's random key, and its commands go in at that version", async () => {
    const turns: HouseTurn[] = []
    const { envelopes, ended } = await playWith(recording(turns), null)
    expect(ended).not.toBeNull()
    expect(turns.length).toBeGreaterThan(3)
    const moves = envelopes.filter((e) => e.metadata.seat === 0)
    expect(moves).toHaveLength(turns.length)
    for (const [i, turn] of turns.entries()) {
      const move = moves[i] as EventEnvelope
      // Its move is the first event after the version it was asked at, under the scheduler's command id.
      expect(move.version).toBe(turn.version + 1)
      expect(move.metadata.commandId).toBe(`auto:g1:0:${turn.version}`)
      expect(move.metadata.actor).toBe("builtin:deep")
      expect(turn.randomKey).toBe(houseBotKey("g1", 0, turn.version))
      expect(turn.deadline).toBeNull()
      expect(Object.keys(turn).sort()).toEqual(
        ["deadline", "game", "gameId", "legal", "randomKey", "seat", "version", "view"].sort(),
      )
    }
    // Each turn held the seat's view and legal commands at its position, and nothing of the state besides.
    const started = start(uptown, undefined, 2, "seed-g1")
    if (Result.isFailure(started)) throw new Error(started.failure.message)
    let match = started.success.match
    let compared = 0
    for (const e of envelopes) {
      const turn = turns.find((t) => t.version === match.events)
      if (turn !== undefined && e.version === turn.version + 1) {
        compared++
        expect(turn.view).toEqual(uptown.view(match.state, { kind: "seat", seat: 0 }))
        expect(turn.legal).toEqual(uptown.legalCommands(match.state, 0))
      }
      const { seat, command } = e.metadata as { seat?: Seat; command?: Typed }
      if (seat === undefined || command === undefined) continue
      const next = play(match, seat, command)
      if (Result.isFailure(next)) throw new Error(next.failure.message)
      match = next.success.match
    }
    expect(compared).toBe(turns.length)
  })

  it("with a clock: told when the clock runs out; failing, it leaves the move to the clock", async () => {
    const turns: HouseTurn[] = []
    await playWith(
      {
        choose: (turn) => {
          turns.push(turn)
          return failing.choose(turn)
        },
      },
      5_000,
    ).then(({ envelopes, ended }) => {
      // The heuristic seat played up to seat 0's first decision; there the game waits for the clock.
      expect(ended).toBeNull()
      expect(envelopes.filter((e) => e.metadata.seat === 0)).toHaveLength(0)
    })
    expect(turns).toHaveLength(1)
    expect(turns[0]?.deadline).toBe(Date.parse(TIME) + 5_000)
  })

  it("without a clock, a failed search plays the game's default command rather than wait for ever", async () => {
    const { envelopes, ended } = await playWith(failing, null)
    expect(ended).not.toBeNull()
    expect(envelopes.some((e) => e.metadata.actor === "builtin:deep")).toBe(true)
  })
})
