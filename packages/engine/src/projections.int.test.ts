import { type Bot, botCommand, botRandom, canonicalJson, type Match, replay, toEvent } from "@boroughs/core"
import { bluffDice, bluffDiceBots } from "@boroughs/core/fixture"
import { EventStore } from "@boroughs/store"
import { testBackends } from "@boroughs/store/testing"
import { Effect, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { GameEngine } from "./GameEngine.js"
import type { Projection } from "./internal/Projection.js"
import { listGames } from "./Lobby.js"
import { makeProjectionRunner } from "./ProjectionRunner.js"
import { serverProjections } from "./Projections.js"
import { makeSnapshots } from "./Snapshots.js"
import * as Streams from "./Streams.js"
import { withServerTables } from "./serverTables.js"
import { findTestGame, knownTestGames, liveStack } from "./testkit/liveStack.js"

const EVERY = 7

/** Plays a created game with the fixture's bots: to its end, or `count` moves from move `from` on. */
const playOut = (gameId: string, bots: ReadonlyArray<Bot>, from = 0, count = Number.POSITIVE_INFINITY) =>
  Effect.gen(function* () {
    const engine = yield* GameEngine
    let { match } = yield* engine.load(gameId)
    for (let n = from; n < from + count && !match.ended; n++) {
      const seat = bluffDice.pending(match.state as never)[0]!.seat
      const command = botCommand(match, seat, bots[seat]!, botRandom(`${gameId}/${n}`, seat))
      match = (yield* engine.handle({
        gameId,
        seat,
        command,
        commandId: `${gameId}/${n}`,
        time: new Date().toISOString(),
      })).game.match
    }
    return match
  })

for (const backend of testBackends()) {
  describe(`projections on ${backend.name}`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<GameEngine | EventStore, unknown>
    beforeAll(async () => {
      runtime = ManagedRuntime.make(liveStack(backend.layer))
      await runtime.runPromise(
        Effect.gen(function* () {
          const engine = yield* GameEngine
          yield* engine.create({
            gameId: "p1",
            game: "bluff-dice",
            seats: 3,
            seed: "p1",
            time: "2025-01-01T00:00:00.000Z",
            metadata: {
              settings: {
                players: ["bot:a", null, "player:b"],
                spectators: { mode: "private" },
                decisionMs: 500,
                names: ["Ada", "Seat two", null],
              },
              tournament: { tournamentId: "spring", round: 1, table: 1, entrants: ["a", "b", "c"] },
            },
          })
          yield* playOut("p1", [bluffDiceBots.random, bluffDiceBots.middle, bluffDiceBots.random])
          yield* engine.create({
            gameId: "p2",
            game: "bluff-dice",
            seats: 2,
            seed: "p2",
            time: "2025-01-02T00:00:00.000Z",
          })
        }),
      )
    })
    afterAll(() => runtime.dispose())

    it("builds the lobby and snapshots; a rebuild from the log gives the same rows", async () => {
      const { lobby, snapshots, rebuilt, rebuiltSnapshots } = await runtime.runPromise(
        Effect.gen(function* () {
          const store = yield* EventStore
          const r = makeProjectionRunner(store, serverProjections(EVERY), findTestGame)
          yield* r.catchUpAll
          const db = withServerTables(store.db)
          const lobby = yield* listGames(store.db, { includePrivate: true })
          const snapshots = yield* Effect.promise(() =>
            db.selectFrom("proj_snapshots").select(["game_id", "version"]).orderBy("version").execute(),
          )
          yield* r.rebuild
          const rebuilt = yield* listGames(store.db, { includePrivate: true })
          const rebuiltSnapshots = yield* Effect.promise(() =>
            db.selectFrom("proj_snapshots").select(["game_id", "version"]).orderBy("version").execute(),
          )
          return { lobby, snapshots, rebuilt, rebuiltSnapshots }
        }),
      )
      expect(lobby.map((g) => g.gameId)).toEqual(["p2", "p1"]) // newest first
      const p1 = lobby.find((g) => g.gameId === "p1")!
      expect(p1).toMatchObject({
        game: "bluff-dice",
        status: "ended",
        players: ["bot:a", null, "player:b"],
        names: ["Ada", "Seat two", null],
        // No tournament row is projected here: the game names its tournament by id until there is one.
        tournament: { id: "spring", name: "spring" },
        spectators: { mode: "private" },
        decisionMs: 500,
        pending: [],
        createdAt: "2025-01-01T00:00:00.000Z",
      })
      expect(p1.outcome?.ranks).toHaveLength(3)
      const p2 = lobby.find((g) => g.gameId === "p2")!
      expect(p2).toMatchObject({
        status: "live",
        players: [null, null],
        names: [null, null],
        tournament: null,
        spectators: { mode: "live" },
      })
      expect(p2.pending.length).toBeGreaterThan(0)
      expect(snapshots.length).toBe(Math.floor(p1.version / EVERY) + Math.floor(p2.version / EVERY))
      expect(snapshots.every((s) => s.version % EVERY === 0)).toBe(true)
      expect(rebuilt).toEqual(lobby)
      expect(rebuiltSnapshots).toEqual(snapshots)
      // Spectators do not see organiser-only games; their seat holders do.
      const publicLobby = await runtime.runPromise(Effect.flatMap(EventStore, (s) => listGames(s.db, {})))
      expect(publicLobby.map((g) => g.gameId)).toEqual(["p2"])
      const mine = await runtime.runPromise(
        Effect.flatMap(EventStore, (s) => listGames(s.db, { visibleTo: "player:b", player: "player:b" })),
      )
      expect(mine.map((g) => g.gameId)).toEqual(["p1"])
      // A bare name finds the seats that go by it as well as its holders'.
      const byName = await runtime.runPromise(
        Effect.flatMap(EventStore, (s) => listGames(s.db, { includePrivate: true, player: "Ada" })),
      )
      expect(byName.map((g) => g.gameId)).toEqual(["p1"])
      const byHolderKind = await runtime.runPromise(
        Effect.flatMap(EventStore, (s) => listGames(s.db, { includePrivate: true, player: "bot:Ada" })),
      )
      expect(byHolderKind).toEqual([])
    })

    it("any position of a game, from snapshots, equals the fold of the log up to it", async () => {
      const results = await runtime.runPromise(
        Effect.gen(function* () {
          const store = yield* EventStore
          yield* makeProjectionRunner(store, serverProjections(EVERY), findTestGame).catchUpAll
          const snapshots = yield* makeSnapshots(store, findTestGame, knownTestGames)
          const all = yield* store.readStream(Streams.game("p1"))
          const out: Array<[string, string]> = []
          for (let v = 1; v <= all.length; v++) {
            const at: Match = yield* snapshots.matchAt("p1", v)
            const expected = replay(bluffDice, all.slice(0, v).map(toEvent))
            out.push([canonicalJson({ ...at, game: null }), canonicalJson({ ...expected, game: null })])
          }
          const beyond = yield* Effect.flip(snapshots.matchAt("p1", all.length + 1))
          return { out, beyond }
        }),
      )
      for (const [got, want] of results.out) expect(got).toBe(want)
      expect(results.beyond._tag).toBe("VersionNotReached")
    })

    it("rows and checkpoint commit together: a failing batch leaves neither", async () => {
      const outcome = await runtime.runPromise(
        Effect.gen(function* () {
          const store = yield* EventStore
          const failing: Projection = {
            id: "projection:test-failing",
            reset: async () => {},
            apply: async (db) => {
              await db.deleteFrom("proj_lobby").execute() // a write the failure must roll back
              throw new Error("boom")
            },
          }
          const r = makeProjectionRunner(store, [failing], findTestGame)
          const error = yield* Effect.flip(r.catchUpAll)
          const checkpoint = yield* store.checkpoint(failing.id)
          const lobby = yield* listGames(store.db, { includePrivate: true })
          return { error: error.message, checkpoint, lobby: lobby.length }
        }),
      )
      expect(outcome.error).toContain("boom")
      expect(outcome.checkpoint).toBeNull()
      expect(outcome.lobby).toBe(2)
    })

    it("follows organisers' seat changes: a replaced seat's new holder, a forfeited seat nobody's", async () => {
      const { before, after, rebuilt } = await runtime.runPromise(
        Effect.gen(function* () {
          const store = yield* EventStore
          const engine = yield* GameEngine
          const r = makeProjectionRunner(store, serverProjections(EVERY), findTestGame)
          yield* engine.create({
            gameId: "p3",
            game: "bluff-dice",
            seats: 3,
            seed: "p3",
            time: "2025-01-03T00:00:00.000Z",
            metadata: { settings: { players: ["bot:a", "bot:b", "player:c"] } },
          })
          yield* r.catchUpAll
          const row = (lobby: ReadonlyArray<{ gameId: string; players: unknown }>) =>
            lobby.find((g) => g.gameId === "p3")?.players
          const before = row(yield* listGames(store.db, { includePrivate: true }))
          const act = (action: Parameters<GameEngine["Service"]["act"]>[0]["action"], n: number) =>
            engine.act({
              gameId: "p3",
              action,
              actor: "organiser:test",
              reason: "testing",
              time: "2025-01-03T00:01:00.000Z",
              commandId: `p3-org-${n}`,
            })
          yield* act({ type: "ReplaceSeat", seat: 1, holder: "builtin:middle" }, 1)
          yield* act({ type: "ForfeitSeat", seat: 2 }, 2)
          yield* r.catchUpAll
          const after = row(yield* listGames(store.db, { includePrivate: true }))
          yield* r.rebuild
          const rebuilt = row(yield* listGames(store.db, { includePrivate: true }))
          return { before, after, rebuilt }
        }),
      )
      expect(before).toEqual(["bot:a", "bot:b", "player:c"])
      expect(after).toEqual(["bot:a", "builtin:middle", null])
      expect(rebuilt).toEqual(after)
    })

    it("after a restart, catches up on a game it had seen half of (PGlite: without waiting for itself)", async () => {
      // A restarted server's runner holds no folded matches: the first batch of a game under way re-reads its
      // stream. Inside the batch's transaction that read would wait forever for PGlite's only session.
      const lobbyRow = await runtime.runPromise(
        Effect.gen(function* () {
          const store = yield* EventStore
          const engine = yield* GameEngine
          yield* engine.create({
            gameId: "restarted",
            game: "bluff-dice",
            seats: 2,
            seed: "restarted",
            time: "2025-01-03T00:00:00.000Z",
          })
          yield* playOut("restarted", [bluffDiceBots.random, bluffDiceBots.random], 0, 3)
          yield* makeProjectionRunner(store, serverProjections(EVERY), findTestGame).catchUpAll
          const match = yield* playOut("restarted", [bluffDiceBots.random, bluffDiceBots.random], 3, 3)
          const restarted = makeProjectionRunner(store, serverProjections(EVERY), findTestGame)
          yield* restarted.catchUpAll.pipe(Effect.timeout("20 seconds"))
          const row = (yield* listGames(store.db, { includePrivate: true })).find(
            (g) => g.gameId === "restarted",
          )
          return { row, version: match.events }
        }),
      )
      expect(lobbyRow.row?.version).toBe(lobbyRow.version)
    })
  })
}
