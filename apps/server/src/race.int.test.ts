import { verifyChain } from "@boroughs/core"
import { Streams, verifyStream } from "@boroughs/engine"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { http, ORGANISER, serverBackends, type TestResponse, testServer } from "./testing.js"

const RACERS = 64
const ROUNDS = 4

for (const backend of serverBackends()) {
  describe(`${RACERS} clients racing commands at one game, on ${backend.name}`, () => {
    let server: RunningServer
    let drop = async () => {}
    let api: ReturnType<typeof http>
    const tokens: string[] = []

    beforeAll(async () => {
      const opened = await backend.open()
      drop = opened.drop
      server = await testServer({ database: opened.database })
      api = http(server.url)
      // 64 clients, each with its own token, all acting for the same seat holder.
      for (let i = 0; i < RACERS; i++)
        tokens.push((await api.post("/api/tokens", { kind: "player", name: "racer" }, ORGANISER)).json.token)
      const created = await api.post(
        "/api/games",
        {
          game: "bluff-dice",
          seats: 3,
          gameId: "race",
          players: ["player:racer", "player:racer", "player:racer"],
          decisionMs: null,
        },
        ORGANISER,
      )
      expect(created.status).toBe(201)
    })
    afterAll(async () => {
      await server?.close()
      await drop()
    })

    it("no lost or doubled event: one winner per position, every loser gets 409 or the stored result", async () => {
      const winners: TestResponse[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const { json: game } = await api.get("/api/games/race", tokens[0])
        const decisions = game.decisions as Array<{ seat: number; legal: unknown[] }>
        // Every racer decides at the same version; pairs share a commandId (a client retrying in parallel).
        const replies = await Promise.all(
          tokens.map((token, i) => {
            const pair = i % (RACERS / 2)
            const d = decisions[pair % decisions.length] as { seat: number; legal: unknown[] }
            return api.post(
              "/api/games/race/commands",
              {
                commandId: `round${round}-pair${pair}`,
                seat: d.seat,
                command: d.legal[pair % d.legal.length],
                expectedVersion: game.version,
              },
              token,
            )
          }),
        )
        const statuses = new Set(replies.map((r) => r.status))
        expect(
          [...statuses].every((s) => s === 200 || s === 409),
          JSON.stringify([...statuses]),
        ).toBe(true)
        const fresh = replies.filter((r) => r.status === 200 && r.json.duplicate === false)
        expect(fresh).toHaveLength(1)
        const winner = fresh[0] as TestResponse
        winners.push(winner)
        for (const r of replies) {
          if (r.status === 409)
            expect(r.json).toMatchObject({ reason: "stale-version", expectedVersion: game.version })
          // A duplicate is the winner's twin, answered with the winner's stored events.
          else if (r.json.duplicate) expect(r.json.events).toEqual(winner.json.events)
        }
      }
      // The stream holds exactly the winners' events, in order, chained, and re-executes byte for byte.
      const envelopes = await Effect.runPromise(server.store.readStream(Streams.game("race")))
      expect(verifyChain(envelopes)).toBeNull()
      expect(new Set(envelopes.map((e) => e.eventId)).size).toBe(envelopes.length)
      const won = winners.flatMap((w) => w.json.events.map((e: { eventId: string }) => e.eventId))
      const afterCreate = envelopes.slice(envelopes.length - won.length).map((e) => e.eventId)
      expect(afterCreate).toEqual(won)
      const report = verifyStream(envelopes, (id) => server.app.config.findGame(id))
      expect(report.problems).toEqual([])
      expect(report.commandsReplayed).toBe(ROUNDS)
    })

    it("organisers racing to view a game and to annotate a tournament get no 5xx, and nothing is lost", async () => {
      const cup = await api.post(
        "/api/tournaments",
        {
          tournamentId: "raced",
          name: "Raced",
          game: "bluff-dice",
          format: "swiss",
          rounds: 1,
          tableSize: 3,
          entrants: ["a", "b", "c"].map((id) => ({ id, plays: `player:${id}` })),
        },
        ORGANISER,
      )
      expect(cup.status).toBe(201)
      // Six organisers, each looking twice at once: each organiser's looks share one record (an
      // organiser's looks within ten minutes are recorded once), at its own version of the access stream.
      const organisers: string[] = []
      for (let i = 0; i < 6; i++)
        organisers.push(
          (await api.post("/api/tokens", { kind: "organiser", name: `racer-${i}` }, ORGANISER)).json.token,
        )
      const looks = organisers.flatMap((token) => [token, token])
      const views = await Promise.all(looks.map((token) => api.get("/api/admin/games/race", token)))
      expect(views.map((r) => r.status)).toEqual(views.map(() => 200))
      const recordOf = (i: number) => views[i]?.json.recordedAs.version as number
      for (let i = 0; i < looks.length; i += 2) expect(recordOf(i)).toBe(recordOf(i + 1))
      const recorded = views.map((_, i) => recordOf(i)).sort((a, b) => a - b)
      expect(new Set(recorded).size).toBe(organisers.length)
      const trail = await api.get("/api/games/race/trail", ORGANISER)
      const viewed = trail.json.entries.filter((e: { type: string }) => e.type === "OrganiserViewed")
      expect(viewed).toHaveLength(organisers.length)
      const notes = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          api.post(
            "/api/tournaments/raced/actions",
            { action: { type: "AnnotateTournament", note: `note ${i}` }, reason: "racing" },
            ORGANISER,
          ),
        ),
      )
      for (const r of notes) expect([200, 422], JSON.stringify(r.json)).toContain(r.status)
      const raced = await api.get("/api/tournaments/raced/trail", ORGANISER)
      const annotated = raced.json.entries.filter((e: { type: string }) => e.type === "TournamentAnnotated")
      expect(annotated.length).toBeGreaterThan(0)
      expect(annotated).toHaveLength(notes.filter((r) => r.status === 200).length)
    })
  })
}
