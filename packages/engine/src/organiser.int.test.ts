import { type Bot, botCommand, botRandom, type EventEnvelope } from "@boroughs/core"
import { type BluffDiceState, bluffDice, bluffDiceBots } from "@boroughs/core/fixture"
import { EventStore } from "@boroughs/store"
import { freshPglite } from "@boroughs/store/testing"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { GameEngine, type LoadedGame } from "./GameEngine.js"
import { liveFromStream } from "./liveFold.js"
import { seatControlOf } from "./organiser.js"
import * as Streams from "./Streams.js"
import { rechain } from "./testing.js"
import { verifyStream } from "./verify.js"

const find = (id: string) => (id === "bluff-dice" ? bluffDice : undefined)
const time = "2026-01-01T00:00:00.000Z"
const actor = "organiser:ada"
const run = <A, E>(program: Effect.Effect<A, E, GameEngine | EventStore>) =>
  Effect.runPromise(
    program.pipe(
      Effect.provide(GameEngine.layer(find, () => ["bluff-dice"]).pipe(Layer.provideMerge(freshPglite()))),
      Effect.scoped,
    ),
  )

const pending = (g: LoadedGame) => bluffDice.pending(g.match.state as BluffDiceState)

describe("organiser actions are events in the game's stream", () => {
  it("pause refuses moves until resume; forfeit, replace and annotate are recorded; the stream verifies", async () => {
    const { envelopes, refused } = await run(
      Effect.gen(function* () {
        const engine = yield* GameEngine
        yield* engine.create({
          gameId: "g",
          game: "bluff-dice",
          seats: 3,
          seed: "org",
          options: { rounds: 2, sides: 6 },
          metadata: { settings: { players: ["bot:a", "bot:b", "bot:c"] } },
        })
        const act = (
          action: Parameters<GameEngine["Service"]["act"]>[0]["action"],
          n: number,
          reason = "testing",
        ) => engine.act({ gameId: "g", action, actor, reason, time, commandId: `org:${n}` })
        yield* act({ type: "PauseGame" }, 1)
        let game = yield* engine.load("g")
        const seat = (pending(game)[0] as { seat: number }).seat
        const command = botCommand(game.match, seat, bluffDiceBots.random as Bot, botRandom("org", seat))
        const refused = yield* engine.handle({ gameId: "g", seat, command, commandId: "m0" }).pipe(
          Effect.flip,
          Effect.map((e) => (e._tag === "CommandRejected" ? e.rule : e._tag)),
        )
        const again = yield* act({ type: "PauseGame" }, 2).pipe(Effect.flip)
        expect(again).toMatchObject({ rule: "organiser.already-paused" })
        yield* act({ type: "ResumeGame" }, 3)
        yield* act({ type: "ForfeitSeat", seat: 2 }, 4, "left the room")
        yield* act({ type: "ReplaceSeat", seat: 1, holder: "builtin:middle" }, 5, "bot crashed")
        yield* act({ type: "AnnotateEvent", version: 2, note: "checked the draw", audience: "organisers" }, 6)
        const noReason = yield* act({ type: "PauseGame" }, 7, " ").pipe(Effect.flip)
        expect(noReason).toMatchObject({ rule: "organiser.reason" })
        // Two moves, then the organiser ends it.
        for (let n = 1; n <= 2; n++) {
          game = yield* engine.load("g")
          const s = (pending(game)[0] as { seat: number }).seat
          const c = botCommand(game.match, s, bluffDiceBots.random as Bot, botRandom("org", s))
          yield* engine.handle({ gameId: "g", seat: s, command: c, commandId: `m${n}` })
        }
        // A result the rules could not give is refused, naming what is wrong, and ends nothing.
        const short = yield* act({ type: "Adjudicate", ranks: [1, 2], scores: [3, 2] }, 8).pipe(Effect.flip)
        expect(short).toMatchObject({
          rule: "kernel.adjudicate.outcome",
          message: expect.stringMatching(/3 seats/),
        })
        const skipped = yield* act({ type: "Adjudicate", ranks: [1, 3, 3], scores: [3, 2, 2] }, 9).pipe(
          Effect.flip,
        )
        expect(skipped).toMatchObject({ rule: "kernel.adjudicate.outcome" })
        yield* act({ type: "Adjudicate", ranks: [1, 2, 3], scores: [3, 2, 1] }, 10, "time ran out")
        const envelopes = [...(yield* (yield* EventStore).readStream(Streams.game("g")))]
        return { envelopes, refused }
      }),
    )
    expect(refused).toBe("organiser.game-paused")
    const types = envelopes.map((e) => e.type)
    expect(types).toEqual(
      expect.arrayContaining([
        "GamePaused",
        "GameResumed",
        "SeatForfeited",
        "SeatReplaced",
        "EventAnnotated",
      ]),
    )
    const ended = envelopes[envelopes.length - 1] as EventEnvelope
    expect(ended).toMatchObject({ type: "GameEnded", data: { reason: "adjudicated" }, metadata: { actor } })
    const forfeit = envelopes.find((e) => e.type === "SeatForfeited") as EventEnvelope
    expect(forfeit.data).toEqual({ seat: 2, actor, at: time, reason: "left the room" })

    const report = verifyStream(envelopes, find)
    expect(report.problems).toEqual([])

    const control = seatControlOf(envelopes, ["bot:a", "bot:b", "bot:c"])
    expect(control).toEqual({ paused: false, forfeited: [2], holders: ["bot:a", "builtin:middle", "bot:c"] })
    expect(liveFromStream(envelopes, find)?.settings.players).toEqual(["bot:a", "builtin:middle", null])

    // No clock runs while paused; on resume every owed decision starts afresh.
    const upTo = (type: string) => envelopes.slice(0, envelopes.findIndex((e) => e.type === type) + 1)
    const paused = liveFromStream(upTo("GamePaused"), find)
    expect(paused).toMatchObject({ paused: true, decisions: [] })
    const resumed = liveFromStream(upTo("GameResumed"), find)
    expect(resumed?.paused).toBe(false)
    expect(resumed?.decisions.length).toBeGreaterThan(0)
    expect(resumed?.decisions.every((d) => d.since === time)).toBe(true)

    // A forged reason (re-chained) is not what the recorded action makes.
    const forged = rechain(
      envelopes.map((e) => (e.type === "SeatForfeited" ? { ...e, data: { ...e.data, reason: "other" } } : e)),
    )
    expect(verifyStream(forged, find).problems[0]).toMatchObject({
      version: forfeit.version,
      kind: "diverged",
    })
    // A move slipped in while the game was paused is refused by the audit.
    const pausedAt = envelopes.findIndex((e) => e.type === "GamePaused")
    const moveAt = envelopes.findIndex((e, i) => i > pausedAt + 1 && typeof e.metadata.seat === "number")
    const slipped = rechain([...envelopes.slice(0, pausedAt + 1), ...envelopes.slice(moveAt, moveAt + 1)])
    expect(verifyStream(slipped, find).problems.map((p) => p.kind)).toContain("refused")
  })

  it("a seat's new name (a guest naming themself) is recorded, followed live, verified, refused once over", async () => {
    const { envelopes, refusals } = await run(
      Effect.gen(function* () {
        const engine = yield* GameEngine
        yield* engine.create({
          gameId: "named",
          game: "bluff-dice",
          seats: 2,
          seed: "named",
          options: { rounds: 1, sides: 6 },
          metadata: { settings: { players: ["seat:k3x9", "builtin:middle"], names: ["Guest", null] } },
        })
        const name = (seat: number, text: string, n: number) =>
          engine.act({
            gameId: "named",
            action: { type: "NameSeat", seat, name: text },
            actor: "seat:k3x9",
            reason: "named by the seat's holder",
            time,
            commandId: `name:${n}`,
          })
        yield* name(0, "Ann Lee", 1)
        const refusals = [
          yield* name(0, " Ann ", 2).pipe(Effect.flip),
          yield* name(0, "x".repeat(41), 3).pipe(Effect.flip),
          yield* name(2, "Nobody", 4).pipe(Effect.flip),
        ].map((e) => (e._tag === "CommandRejected" ? e.rule : e._tag))
        yield* engine.act({
          gameId: "named",
          action: { type: "Adjudicate", ranks: [1, 2], scores: [1, 0] },
          actor,
          reason: "over",
          time,
          commandId: "end",
        })
        const late = yield* name(0, "Too late", 5).pipe(Effect.flip)
        refusals.push(late._tag === "CommandRejected" ? late.rule : late._tag)
        const envelopes = [...(yield* (yield* EventStore).readStream(Streams.game("named")))]
        return { envelopes, refusals }
      }),
    )
    expect(refusals).toEqual([
      "organiser.seat-name",
      "organiser.seat-name",
      "organiser.seat",
      "kernel.game-over",
    ])
    const named = envelopes.find((e) => e.type === "SeatNamed") as EventEnvelope
    expect(named.data).toEqual({
      seat: 0,
      name: "Ann Lee",
      actor: "seat:k3x9",
      at: time,
      reason: "named by the seat's holder",
    })
    expect(liveFromStream(envelopes, find)?.settings.names).toEqual(["Ann Lee", null])
    expect(verifyStream(envelopes, find).problems).toEqual([])
    const forged = rechain(
      envelopes.map((e) => (e.type === "SeatNamed" ? { ...e, data: { ...e.data, name: "Mallory" } } : e)),
    )
    expect(verifyStream(forged, find).problems[0]).toMatchObject({ version: named.version, kind: "diverged" })
  })
})
