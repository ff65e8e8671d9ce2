import { bluffDice } from "@boroughs/core/fixture"
import { auditTournament, parseNdjson } from "@boroughs/engine"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { eventually, http, ORGANISER, serverBackends, testServer } from "./testing.js"

/** Tournaments play whole rounds: wait up to 90 s, polling every 100 ms. */
const SLOW = { timeoutMs: 90_000, intervalMs: 100 }

let server: RunningServer
let api: ReturnType<typeof http>
const tokens: Record<string, string> = {}

const cup = {
  tournamentId: "cup",
  name: "Bluff cup",
  game: "bluff-dice",
  options: { rounds: 2, sides: 6 },
  format: "swiss",
  rounds: 2,
  tableSize: 3,
  pairingSeed: "cup-seed",
  entrants: ["a", "b", "c", "d", "e", "f", "g"].map((id, i) => ({
    id,
    plays: i % 2 === 0 ? "builtin:middle" : "builtin:random",
  })),
}

// Every organiser route, with a body that would be valid, so only the token decides.
const organiserRoutes: ReadonlyArray<[string, string, unknown?]> = [
  ["POST", "/api/tournaments", cup],
  ["GET", "/api/tournaments"],
  ["GET", "/api/tournaments/cup"],
  ["POST", "/api/tournaments/cup/actions", { action: { type: "PauseTournament" }, reason: "x" }],
  ["GET", "/api/tournaments/cup/trail"],
  ["GET", "/api/tournaments/cup/audit"],
  ["GET", "/api/tournaments/cup/export"],
  ["POST", "/api/games/duel/actions", { action: { type: "PauseGame" }, reason: "x" }],
  ["GET", "/api/games/duel/trail"],
  ["GET", "/api/admin/games/duel"],
]

// PGlite always; PostgreSQL too when DATABASE_URL is set (the scheduler then runs under its advisory lock).
for (const backend of serverBackends()) {
  describe(backend.name, () => {
    let drop = async () => {}
    beforeAll(async () => {
      const db = await backend.open()
      drop = db.drop
      server = await testServer({ database: db.database })
      api = http(server.url)
      for (const [kind, name] of [
        ["bot", "alpha"],
        ["bot", "beta"],
      ] as const) {
        const r = await api.post("/api/tokens", { kind, name }, ORGANISER)
        tokens[name] = r.json.token
      }
    })
    afterAll(async () => {
      await server?.close()
      await drop()
    })

    describe("organiser routes", () => {
      it("refuse a caller without a token (401) and a bot's token (403)", async () => {
        for (const [method, path, body] of organiserRoutes) {
          const anonymous = await api.call(method, path, body === undefined ? {} : { body })
          expect(anonymous.status, `${method} ${path}`).toBe(401)
          expect(anonymous.json).toMatchObject({ _tag: "Unauthorized", reason: "missing" })
          const bot = await api.call(method, path, {
            token: tokens.alpha as string,
            ...(body === undefined ? {} : { body }),
          })
          expect(bot.status, `${method} ${path}`).toBe(403)
        }
      })

      it("a tournament of built-in bots runs to the end on the server, every round sealed and the audit sound", async () => {
        const created = await api.post("/api/tournaments", cup, ORGANISER)
        expect(created.status, JSON.stringify(created.json)).toBe(201)
        expect(created.json).toMatchObject({ tournamentId: "cup", status: "running", entrants: 7 })
        const done = await eventually(
          "the cup to end",
          () => api.get("/api/tournaments/cup", ORGANISER),
          (r) => r.json.status === "ended",
          SLOW,
        )
        const detail = done.json
        expect(detail.roundList).toHaveLength(2)
        for (const r of detail.roundList) {
          expect(r.byes).toHaveLength(1)
          expect(r.tables).toHaveLength(2)
          expect(r.sealed.merkleRoot).toMatch(/^[0-9a-f]{64}$/)
        }
        expect(detail.standings).toHaveLength(7)
        expect(detail.ratingHistory).toHaveLength(2)
        const listed = await eventually(
          "the tournament list to show it ended",
          () => api.get("/api/tournaments", ORGANISER),
          (r) => r.json.tournaments.some((t: { status: string }) => t.status === "ended"),
          { timeoutMs: 10_000, intervalMs: 100 },
        )
        expect(listed.json.tournaments).toEqual([
          {
            tournamentId: "cup",
            name: "Bluff cup",
            game: "bluff-dice",
            format: "swiss",
            rounds: 2,
            roundsPaired: 2,
            entrants: 7,
            status: "ended",
          },
        ])
        const key = await api.get("/api/signing-key")
        expect(key.json).toMatchObject({
          algorithm: "Ed25519",
          publicKey: detail.roundList[0].sealed.publicKey,
        })

        const audit = await api.get("/api/tournaments/cup/audit", ORGANISER)
        expect(audit.json.problems).toEqual([])
        expect(audit.json).toMatchObject({ ok: true, trustedKey: key.json.publicKey })
        const text = await api.get("/api/tournaments/cup/audit?format=text", ORGANISER)
        expect(text.headers["content-type"]).toMatch(/^text\/plain/)
        expect(text.json).toMatch(/^SOUND {2}tournament cup "Bluff cup"/)

        const exported = await fetch(`${server.url}/api/tournaments/cup/export`, {
          headers: { authorization: `Bearer ${ORGANISER}` },
        })
        expect(exported.headers.get("content-disposition")).toContain("tournament-cup.ndjson")
        const envelopes = parseNdjson(await exported.text())
        if (!Array.isArray(envelopes)) throw envelopes
        const offline = auditTournament(envelopes, (id) => (id === "bluff-dice" ? bluffDice : undefined), {
          trustedKey: key.json.publicKey,
        })
        expect(offline.ok).toBe(true)

        // Each seat goes by its entrant's id, on the game and in the lobby, which names the tournament.
        const table = detail.roundList[0].tables[0]
        const game = await api.get(`/api/games/${table.gameId}`)
        expect(game.json.names).toEqual(table.entrants)
        const row = (await api.get("/api/games?game=bluff-dice&limit=500", ORGANISER)).json.games.find(
          (g: { gameId: string }) => g.gameId === table.gameId,
        )
        expect(row).toMatchObject({ names: table.entrants, tournament: { id: "cup", name: "Bluff cup" } })
      })

      it("answer bad requests with their reasons: 400, 404, 409, 422", async () => {
        const bad = await api.post("/api/tournaments", { ...cup, tableSize: 9 }, ORGANISER)
        expect(bad.status).toBe(400)
        expect(bad.json.message).toContain("tableSize")
        const unknownBot = await api.post(
          "/api/tournaments",
          {
            ...cup,
            tournamentId: "x1",
            entrants: cup.entrants.map((e) => ({ ...e, plays: "builtin:nobody" })),
          },
          ORGANISER,
        )
        expect(unknownBot.status).toBe(422)
        expect(unknownBot.json).toMatchObject({ _tag: "RuleViolation", rule: "tournament.entrant-plays" })
        const taken = await api.post("/api/tournaments", { ...cup, name: "Another cup" }, ORGANISER)
        expect(taken.status).toBe(409)
        expect(taken.json).toMatchObject({ reason: "tournament-exists" })
        expect((await api.get("/api/tournaments/nope", ORGANISER)).status).toBe(404)
        const ended = await api.post(
          "/api/tournaments/cup/actions",
          { action: { type: "PauseTournament" }, reason: "late" },
          ORGANISER,
        )
        expect(ended.status).toBe(422)
        expect(ended.json.rule).toBe("tournament.ended")
      })
    })

    describe("a tournament people can follow", () => {
      type Timed = { metadata: { actor?: string; time?: string } }
      it("paces its built-in bots' moves and keeps its games to the spectator policy it was given", async () => {
        const paced = {
          ...cup,
          tournamentId: "paced",
          name: "Paced cup",
          rounds: 1,
          pairingSeed: "paced-seed",
          entrants: cup.entrants.slice(0, 3),
          paceMs: 400,
          spectators: { mode: "private" },
        }
        const created = await api.post("/api/tournaments", paced, ORGANISER)
        expect(created.status).toBe(201)
        expect(created.json).toMatchObject({ paceMs: 400, spectators: { mode: "private" } })
        const gameId = await eventually(
          "the paced tournament's table",
          async () =>
            (await api.get("/api/tournaments/paced", ORGANISER)).json.roundList?.[0]?.tables?.[0]?.gameId,
          (id) => typeof id === "string",
          SLOW,
        )
        const events = await eventually(
          "a dozen paced moves",
          async () => (await api.get(`/api/games/${gameId}/events?limit=1000`, ORGANISER)).json.events ?? [],
          (es: ReadonlyArray<Timed>) => es.length >= 12,
          SLOW,
        )
        // Organisers only: a spectator does not see the game. (Asked once the game exists: the round lists its
        // table's id a moment before the table's game is created.)
        expect((await api.get(`/api/games/${gameId}`)).status).toBe(403)
        // Each move the server played for a built-in seat (the first event of its command carries the actor
        // and time) came at least the pace after the move before it.
        const timed = events.filter((e: Timed) => e.metadata.time !== undefined)
        const moves = timed.filter((e: Timed, i: number) => i > 0 && e.metadata.actor?.startsWith("builtin:"))
        expect(moves.length).toBeGreaterThanOrEqual(3)
        const at = (e: Timed) => Date.parse(e.metadata.time as string)
        for (const e of moves)
          expect(at(e) - at(timed[timed.indexOf(e) - 1] as Timed)).toBeGreaterThanOrEqual(400)
      })

      it("refuses a pace the clock would overtake, naming the rule", async () => {
        const r = await api.post(
          "/api/tournaments",
          { ...cup, tournamentId: "rushed", paceMs: 5_000, decisionMs: 2_000 },
          ORGANISER,
        )
        expect(r.status).toBe(422)
        expect(r.json).toMatchObject({ rule: "tournament.pace" })
        expect(r.json.message).toMatch(/at most 1000/)
        expect((await api.get("/api/tournaments/rushed", ORGANISER)).status).toBe(404)
      })
    })

    describe("organiser actions on a game", () => {
      it("are events: pause stops the seats, notes are kept from spectators, views and actions form the trail", async () => {
        const game = await api.post(
          "/api/games",
          {
            game: "bluff-dice",
            seats: 2,
            gameId: "duel",
            players: ["bot:alpha", "bot:beta"],
            seed: "duel",
            options: { rounds: 2, sides: 6 },
          },
          ORGANISER,
        )
        expect(game.status).toBe(201)
        const act = (action: unknown, reason = "testing") =>
          api.post("/api/games/duel/actions", { action, reason }, ORGANISER)
        expect((await act({ type: "PauseGame" }, "a dispute")).status).toBe(200)
        const detail = await api.get("/api/games/duel", tokens.alpha)
        const seat = detail.json.pending?.[0] ?? 0
        const holder = seat === 0 ? tokens.alpha : tokens.beta
        const move = await api.post(
          "/api/games/duel/commands",
          { commandId: "m1", seat, command: { type: "CommitBid", bid: 3 } },
          holder,
        )
        expect(move.status).toBe(422)
        expect(move.json.rule).toBe("organiser.game-paused")
        expect((await act({ type: "PauseGame" })).json).toMatchObject({ rule: "organiser.already-paused" })
        expect((await act({ type: "ResumeGame" }, "settled")).status).toBe(200)
        const note = await act({
          type: "AnnotateEvent",
          version: 1,
          note: "seat 1 asked about the seed",
          audience: "organisers",
        })
        expect(note.status).toBe(200)
        expect((await act({ type: "AnnotateEvent", version: 999, note: "x" })).json.rule).toBe(
          "organiser.annotate.version",
        )
        expect((await act({ type: "ForfeitSeat", seat: 5 })).status).toBe(422)

        const spectator = await api.get("/api/games/duel/events")
        const seen = spectator.json.events.find((e: { type: string }) => e.type === "EventAnnotated")
        expect(seen.redacted).toBe(true)
        expect(JSON.stringify(seen)).not.toContain("asked about")
        const asOrganiser = await api.get("/api/games/duel/events", ORGANISER)
        expect(JSON.stringify(asOrganiser.json.events)).toContain("asked about")

        const full = await api.get("/api/admin/games/duel", ORGANISER)
        expect(full.status).toBe(200)
        expect(full.json.recordedAs).toMatchObject({ stream: "access-duel", version: 1 })
        // Looking again within ten minutes is covered by the first record: the trail is not cluttered.
        const again = await api.get("/api/admin/games/duel", ORGANISER)
        expect(again.status).toBe(200)
        expect(again.json.recordedAs).toEqual(full.json.recordedAs)
        expect(JSON.stringify(full.json.events)).not.toContain('"seed":"duel"')

        const trail = await api.get("/api/games/duel/trail", ORGANISER)
        expect(trail.json.entries.map((e: { type: string }) => e.type)).toEqual([
          "GamePaused",
          "GameResumed",
          "EventAnnotated",
          "OrganiserViewed",
        ])
        expect(trail.json.entries[0]).toMatchObject({ actor: "organiser:admin", reason: "a dispute" })

        expect(
          (await act({ type: "Adjudicate", ranks: [1, 2], scores: [5, 1] }, "time ran out")).status,
        ).toBe(200)
        const ended = await api.get("/api/games/duel", ORGANISER)
        expect(ended.json.outcome ?? ended.json.ended).toBeTruthy()
      })
    })

    describe("automatic seats outside tournaments", () => {
      it("a forfeited seat of a clockless game is played by its default command, so the game goes on to its end", async () => {
        const created = await api.post(
          "/api/games",
          {
            game: "bluff-dice",
            seats: 2,
            gameId: "walkover",
            players: ["bot:alpha", "bot:beta"],
            seed: "walkover",
            options: { rounds: 2, sides: 6 },
            decisionMs: null,
          },
          ORGANISER,
        )
        expect(created.status, JSON.stringify(created.json)).toBe(201)
        const forfeit = await api.post(
          "/api/games/walkover/actions",
          { action: { type: "ForfeitSeat", seat: 1 }, reason: "beta withdrew" },
          ORGANISER,
        )
        expect(forfeit.status, JSON.stringify(forfeit.json)).toBe(200)
        // Only seat 0 is played from outside; seat 1's decisions are answered as they come up.
        for (let n = 0; n < 200; n++) {
          const detail = await eventually(
            "alpha's next decision in the walkover",
            () => api.get("/api/games/walkover", tokens.alpha),
            (r) => r.json.status === "ended" || r.json.decisions.length > 0,
            SLOW,
          )
          if (detail.json.status === "ended") break
          const decision = detail.json.decisions[0]
          const move = await api.post(
            "/api/games/walkover/commands",
            {
              commandId: `a-${detail.json.version}`,
              seat: 0,
              command: decision.legal[0],
              expectedVersion: detail.json.version,
            },
            tokens.alpha,
          )
          expect([200, 409]).toContain(move.status)
        }
        const events = (await api.get("/api/games/walkover/events", ORGANISER)).json.events as Array<{
          type: string
          metadata?: { actor?: string; seat?: number }
        }>
        expect(events.at(-1)?.type).toBe("GameEnded")
        const automatic = events.filter((e) => e.metadata?.actor === "forfeit")
        expect(automatic.length).toBeGreaterThan(0)
        expect(automatic.every((e) => e.metadata?.seat === 1)).toBe(true)
      })
    })

    describe("a tournament with a remote bot", () => {
      it("waits for the token holder's moves, and an organiser's replacement hands the seat to a built-in bot", async () => {
        const created = await api.post(
          "/api/tournaments",
          {
            tournamentId: "remote",
            name: "Remote cup",
            game: "bluff-dice",
            options: { rounds: 3, sides: 6 },
            format: "round-robin",
            rounds: 1,
            tableSize: 3,
            pairingSeed: "remote-seed",
            entrants: [
              { id: "alpha", plays: "bot:alpha" },
              { id: "m1", plays: "builtin:middle" },
              { id: "m2", plays: "builtin:middle" },
            ],
          },
          ORGANISER,
        )
        expect(created.status, JSON.stringify(created.json)).toBe(201)
        const paired = await eventually(
          "the first round to be paired",
          () => api.get("/api/tournaments/remote", ORGANISER),
          (r) => r.json.roundList.length === 1,
          SLOW,
        )
        const table = paired.json.roundList[0].tables[0]
        const seat = (table.entrants as string[]).indexOf("alpha")
        const gameId = table.gameId as string
        // The bot's first decision, through the API as any remote bot sees it: its own seat, its legal moves.
        const turn = await eventually(
          "alpha's turn",
          () => api.get(`/api/games/${gameId}`, tokens.alpha),
          (r) => r.json.decisions?.length > 0,
          SLOW,
        )
        expect(turn.json.players[seat]).toBe("bot:alpha")
        const decision = turn.json.decisions[0]
        const moved = await api.post(
          `/api/games/${gameId}/commands`,
          {
            commandId: "alpha-1",
            seat: decision.seat,
            command: decision.legal[0],
            // No expectedVersion: the built-in seats bid in the same simultaneous step and may append first;
            // the bot's decision stays valid, and its commandId keeps it one command.
          },
          tokens.alpha,
        )
        expect(moved.status, JSON.stringify(moved.json)).toBe(200)
        // The tournament does not move without the holder: the game stays live.
        expect((await api.get("/api/tournaments/remote", ORGANISER)).json.status).toBe("running")

        const replaced = await api.post(
          `/api/games/${gameId}/actions`,
          {
            action: { type: "ReplaceSeat", seat, holder: "builtin:random" },
            reason: "alpha lost its connection",
          },
          ORGANISER,
        )
        expect(replaced.status, JSON.stringify(replaced.json)).toBe(200)
        const refused = await api.post(
          `/api/games/${gameId}/commands`,
          { commandId: "alpha-2", seat, command: decision.legal[0] },
          tokens.alpha,
        )
        expect(refused.status).toBe(403)
        await eventually(
          "the remote tournament to end",
          () => api.get("/api/tournaments/remote", ORGANISER),
          (r) => r.json.status === "ended",
          SLOW,
        )
        const audit = await api.get("/api/tournaments/remote/audit", ORGANISER)
        expect(audit.json.problems).toEqual([])
        const trail = await api.get("/api/tournaments/remote/trail", ORGANISER)
        expect(trail.json.entries).toContainEqual(
          expect.objectContaining({
            type: "SeatReplaced",
            reason: "alpha lost its connection",
            actor: "organiser:admin",
          }),
        )
      })
    })
  })
}
