import { type EventEnvelope, toEvent } from "@boroughs/core"
import { bluffDice, bluffDiceBots } from "@boroughs/core/fixture"
import { EventStore } from "@boroughs/store"
import { freshPglite } from "@boroughs/store/testing"
import { foldTournament, standingsOf } from "@boroughs/tournament"
import { Effect, Layer } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { GameEngine } from "../GameEngine.js"
import { migrateServer } from "../migrateServer.js"
import { makeProjectionRunner } from "../ProjectionRunner.js"
import * as Streams from "../Streams.js"
import { withServerTables } from "../serverTables.js"
import { rechain } from "../testing.js"
import { auditTournament, formatTournamentAudit } from "./audit.js"
import { newSigningKeyPem, signerFromPem } from "./signing.js"
import { listTournamentRows, type TournamentRow, tournamentProjection } from "./TournamentProjection.js"
import { makeTournaments } from "./Tournaments.js"

const find = (id: string) => (id === "bluff-dice" ? bluffDice : undefined)
const signer = signerFromPem(newSigningKeyPem())
const entrants = Array.from({ length: 12 }, (_, i) => ({
  id: `bot${String(i + 1).padStart(2, "0")}`,
  plays: i % 3 === 0 ? "builtin:middle" : "builtin:random",
}))

let exported: EventEnvelope[] = []
let projected: TournamentRow[] = []
let rebuilt: TournamentRow[] = []
let steps = 0

// One full Swiss tournament — 12 bots, tables of 4, 4 rounds — on PGlite; the audit cases edit its export.
beforeAll(async () => {
  exported = await Effect.runPromise(
    Effect.gen(function* () {
      const t = makeTournaments(yield* EventStore, yield* GameEngine, {
        findGame: (id) => (id === "bluff-dice" ? { game: bluffDice, bots: bluffDiceBots } : undefined),
        signer,
        seedFor: (gameId) => `seed/${gameId}`,
        now: () => "2026-01-01T00:00:00.000Z",
      })
      yield* t.create(
        {
          tournamentId: "cup",
          name: "Bluff cup",
          game: "bluff-dice",
          options: { rounds: 2, sides: 6 },
          format: "swiss",
          rounds: 4,
          tableSize: 4,
          entrants,
          pairingSeed: "pairing-1",
        },
        { actor: "organiser:test" },
      )
      const state = yield* t.runToEnd("cup", () => {
        steps++
      })
      expect(state.ended).toBe(true)
      // The standings projection, kept from the global log and rebuilt from it.
      const store = yield* EventStore
      yield* migrateServer(store.db)
      const runner = makeProjectionRunner(store, [tournamentProjection], find)
      yield* runner.catchUpAll
      projected = yield* Effect.promise(() => listTournamentRows(withServerTables(store.db)))
      yield* runner.rebuild
      rebuilt = yield* Effect.promise(() => listTournamentRows(withServerTables(store.db)))
      return yield* t.exportEnvelopes("cup")
    }).pipe(
      Effect.provide(GameEngine.layer(find, () => ["bluff-dice"]).pipe(Layer.provideMerge(freshPglite()))),
      Effect.scoped,
    ),
  )
})

const audit = (envelopes: ReadonlyArray<EventEnvelope>) =>
  auditTournament(envelopes, find, { trustedKey: signer.publicKey })

/** The export with one game's stream replaced. */
const withGame = (gameId: string, change: (s: EventEnvelope[]) => EventEnvelope[]) => {
  const streamId = Streams.game(gameId)
  const others = exported.filter((e) => e.streamId !== streamId)
  return [...others, ...change(exported.filter((e) => e.streamId === streamId))]
}

describe("a Swiss tournament of 12 bots × 4 seats × 4 rounds", () => {
  it("runs to standings, every round sealed, and the audit finds it sound", () => {
    const r = audit(exported)
    expect(r.problems).toEqual([])
    expect(r.ok).toBe(true)
    expect(r.rounds).toHaveLength(4)
    for (const round of r.rounds) {
      expect(round.games).toHaveLength(3)
      expect(round.signatureValid).toBe(true)
      expect(round.recomputedRoot).toBe(round.merkleRoot)
      expect(round.pairingRederived).toBe(true)
    }
    expect(r.standings).toHaveLength(12)
    expect(r.standings.reduce((n, s) => n + s.games, 0)).toBe(48)
    expect(r.games.every((g) => g.ok && g.ended)).toBe(true)
    expect(formatTournamentAudit(r)).toMatch(/^SOUND {2}tournament cup/)
    expect(steps).toBeGreaterThan(4 * 5)
  })

  it("a tampered event is detected and named (chain, and the head its round signed)", () => {
    const forged = withGame("cup-r2-t1", (s) =>
      s.map((e) => (e.version === 5 ? { ...e, data: { ...e.data, x: 1 } } : e)),
    )
    const r = audit(forged)
    expect(r.ok).toBe(false)
    expect(r.problems).toContainEqual(
      expect.objectContaining({ where: "game cup-r2-t1", kind: "chain", version: 5 }),
    )
  })

  it("a dropped event is detected, even when the stream is re-chained: the signed head no longer matches", () => {
    const forged = withGame("cup-r3-t2", (s) => rechain(s.filter((e) => e.version !== 6)))
    const kinds = audit(forged)
      .problems.filter((p) => p.where === "game cup-r3-t2")
      .map((p) => p.kind)
    expect(kinds).toContain("head")
    expect(kinds.some((k) => k === "diverged" || k === "refused" || k === "missing-cause")).toBe(true)
  })

  it("a swapped seed is detected by its commitment", () => {
    const forged = withGame("cup-r1-t3", (s) =>
      rechain(s.map((e) => (e.version === 1 ? { ...e, data: { ...e.data, seed: "other" } } : e))),
    )
    expect(audit(forged).problems).toContainEqual(
      expect.objectContaining({ where: "game cup-r1-t3", kind: "seed-commitment", version: 1 }),
    )
  })

  it("a vote changed after its commitment is detected: the reveal no longer opens it", () => {
    const forged = withGame("cup-r4-t1", (s) => {
      const v = (s.find((e) => e.type === "BidsRevealed") as EventEnvelope).version
      return rechain(
        s.map((e) => {
          if (e.version !== v) return e
          const reveals = (e.data.reveals as Array<{ value: number }>).map((x, i) =>
            i === 0 ? { ...x, value: (x.value % 6) + 1 } : x,
          )
          return { ...e, data: { ...e.data, reveals } }
        }),
      )
    })
    expect(audit(forged).problems).toContainEqual(
      expect.objectContaining({ where: "game cup-r4-t1", kind: "commitment" }),
    )
  })

  it("a root signed by another key, or a forged signature, is named", () => {
    const other = signerFromPem(newSigningKeyPem())
    expect(auditTournament(exported, find, { trustedKey: other.publicKey }).problems[0]).toMatchObject({
      kind: "key",
    })
    const forged = exported.map((e) =>
      e.type === "RoundSealed" && e.data.round === 2
        ? { ...e, data: { ...e.data, signature: other.sign("x") } }
        : e,
    )
    const kinds = audit(rechainTournament(forged)).problems.map((p) => p.kind)
    expect(kinds).toContain("signature")
  })

  it("a changed result is caught against the game's GameEnded", () => {
    const forged = exported.map((e) =>
      e.type === "GameResultRecorded" && e.data.gameId === "cup-r1-t1"
        ? {
            ...e,
            data: { ...e.data, scores: (e.data.scores as number[]).map((x, i) => (i === 0 ? x + 1 : x)) },
          }
        : e,
    )
    const problems = audit(rechainTournament(forged)).problems
    expect(problems).toContainEqual(expect.objectContaining({ where: "game cup-r1-t1", kind: "result" }))
  })

  it("the standings are a fold of the tournament stream alone, kept as a projection and rebuilt alike", () => {
    const own = exported.filter((e) => e.streamId === Streams.tournament("cup"))
    const state = foldTournament(own.map(toEvent))
    expect(audit(exported).standings).toEqual(standingsOf(state))
    expect(projected).toHaveLength(1)
    expect(projected[0]).toMatchObject({
      tournamentId: "cup",
      status: "ended",
      roundsPaired: 4,
      entrants: 12,
    })
    expect(projected[0]?.standings).toEqual(standingsOf(state))
    expect(projected[0]?.ratingHistory).toHaveLength(4)
    expect(rebuilt).toEqual(projected)
  })
})

/** Re-links the tournament stream after an edit, as a forger with write access to the database would. */
const rechainTournament = (envelopes: EventEnvelope[]) => {
  const own = envelopes.filter((e) => e.streamId === Streams.tournament("cup"))
  return [...rechain(own), ...envelopes.filter((e) => e.streamId !== Streams.tournament("cup"))]
}

describe("a forfeit in a tournament game", () => {
  it("is played by the default command, ranks the seat last in the result, and the audit accepts it", async () => {
    const { result, envelopes } = await Effect.runPromise(
      Effect.gen(function* () {
        const engine = yield* GameEngine
        const t = makeTournaments(yield* EventStore, engine, {
          findGame: (id) => (id === "bluff-dice" ? { game: bluffDice, bots: bluffDiceBots } : undefined),
          signer,
          seedFor: (gameId) => `seed/${gameId}`,
          now: () => "2026-01-01T00:00:00.000Z",
        })
        yield* t.create(
          {
            tournamentId: "ff",
            name: "Forfeit cup",
            game: "bluff-dice",
            options: { rounds: 2, sides: 6 },
            format: "round-robin",
            rounds: 1,
            tableSize: 3,
            entrants: entrants.slice(0, 3),
            pairingSeed: "ff",
          },
          { actor: "organiser:test" },
        )
        yield* t.step("ff")
        yield* engine.act({
          gameId: "ff-r1-t1",
          action: { type: "ForfeitSeat", seat: 0 },
          actor: "organiser:test",
          reason: "did not show up",
          time: "2026-01-01T00:00:00.000Z",
          commandId: "ff-forfeit",
        })
        const state = yield* t.runToEnd("ff")
        return { result: state.rounds[0]?.results[0], envelopes: yield* t.exportEnvelopes("ff") }
      }).pipe(
        Effect.provide(GameEngine.layer(find, () => ["bluff-dice"]).pipe(Layer.provideMerge(freshPglite()))),
        Effect.scoped,
      ),
    )
    expect(result?.forfeited).toEqual([0])
    expect(result?.ranks[0]).toBe(3)
    const game = envelopes.filter((e) => e.streamId === Streams.game("ff-r1-t1"))
    expect(game.some((e) => e.metadata.actor === "forfeit")).toBe(true)
    expect(auditTournament(envelopes, find, { trustedKey: signer.publicKey }).problems).toEqual([])
  })
})
