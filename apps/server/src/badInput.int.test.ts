import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { RunningServer } from "./Server.js"
import { http, ORGANISER, testServer } from "./testing.js"

// Bad input is answered 4xx with a reason, never 500, and never reaches the database or the log raw.

let server: RunningServer
let api: ReturnType<typeof http>
let alpha: string
/** What the server logged (it logs every request here): kept for the test that reads it, not printed. */
const logged: string[] = []

beforeAll(async () => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "))
  })
  server = await testServer({ logRequests: true })
  api = http(server.url)
  alpha = (await api.post("/api/tokens", { kind: "bot", name: "alpha" }, ORGANISER)).json.token
  const created = await api.post(
    "/api/games",
    { game: "bluff-dice", seats: 2, gameId: "duel", players: ["bot:alpha", null], decisionMs: null },
    ORGANISER,
  )
  expect(created.status).toBe(201)
})
afterAll(async () => {
  await server?.close()
  vi.restoreAllMocks()
})

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/

/** Streams answer 200 and stay open: read the status only. */
const statusOf = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, { headers })
  await response.body?.cancel()
  return response.status
}

describe("ids and queries with a NUL byte", () => {
  const ids = [
    "GET /api/games/a%00b",
    "GET /api/games/a%00b/events",
    "GET /api/games/a%00b/view?at=1",
    "GET /api/games/a%00b/timeline",
    "GET /api/games/a%00b/analysis",
    "GET /api/games/a%00b/audit",
    "GET /api/games/a%00b/trail",
    "GET /api/games/a%00b/stream",
    "GET /api/admin/games/a%00b",
    "POST /api/games/a%00b/commands",
    "POST /api/games/a%00b/actions",
    "GET /api/tournaments/a%00b",
    "GET /api/tournaments/a%00b/trail",
    "GET /api/tournaments/a%00b/audit",
    "GET /api/tournaments/a%00b/export",
    "POST /api/tournaments/a%00b/actions",
    "DELETE /api/tokens/a%00b",
    "GET /api/games?game=%00",
    "GET /api/games?player=%00",
    "GET /api/games?before=%00",
    "GET /api/games?before=2020-02-30T00:00:00.000Z%7Cduel",
  ]

  it("are refused at the edge with 400, and nothing raw reaches the log", async () => {
    for (const line of ids) {
      const [method, path] = line.split(" ") as [string, string]
      const r = await api.call(method, path, {
        token: ORGANISER,
        ...(method === "POST"
          ? { body: { commandId: "c", seat: 0, command: {}, action: {}, reason: "r" } }
          : {}),
      })
      expect(r.status, `${line}: ${JSON.stringify(r.json)}`).toBe(400)
    }
    expect(logged.some((line) => line.includes("a%00b"))).toBe(true)
    for (const line of logged) expect(line).not.toMatch(controlCharacter)
  })

  it("in a body string (or a lone surrogate, which jsonb refuses) are refused with 400", async () => {
    const bodies = [
      '{"game":"bluff-dice","seats":2,"seed":"a\\u0000b"}',
      '{"game":"bluff-dice","seats":2,"seed":"a\\ud800"}',
    ]
    for (const raw of bodies) {
      const r = await api.call("POST", "/api/games", {
        raw,
        token: ORGANISER,
        headers: { "content-type": "application/json" },
      })
      expect(r.status, raw).toBe(400)
      expect(r.json.message).toMatch(/U\+0000 or a lone surrogate/)
    }
    const note = await api.call("POST", "/api/games/duel/actions", {
      raw: '{"action":{"type":"AnnotateEvent","version":1,"note":"a\\u0000"},"reason":"r"}',
      token: ORGANISER,
      headers: { "content-type": "application/json" },
    })
    expect(note.status).toBe(400)
  })

  it("a game id may hold a '.', as a tournament's tables (`<tournament>-r1-t1`) do", async () => {
    const created = await api.post(
      "/api/games",
      { game: "bluff-dice", seats: 2, gameId: "cup.1-r1-t1", decisionMs: null },
      ORGANISER,
    )
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    expect((await api.get("/api/games/cup.1-r1-t1")).status).toBe(200)
  })
})

describe("POST /api/tokens expiresAt", () => {
  it("refuses what is not a date, or a day that does not exist, with 400 and a reason", async () => {
    for (const expiresAt of ["not a date", "2031-02-30T00:00:00Z", "2031-01-01", "2031-01-01T00:00:00"]) {
      const r = await api.post("/api/tokens", { kind: "bot", name: "later", expiresAt }, ORGANISER)
      expect(r.status, expiresAt).toBe(400)
      expect(r.json.message).toMatch(/expiresAt/)
    }
  })

  it("refuses an instant in the past with 400, and takes one in the future", async () => {
    const past = await api.post(
      "/api/tokens",
      { kind: "bot", name: "later", expiresAt: "2001-01-01T00:00:00Z" },
      ORGANISER,
    )
    expect(past.status).toBe(400)
    expect(past.json.message).toMatch(/expiresAt .* has passed/)
    const future = await api.post(
      "/api/tokens",
      { kind: "bot", name: "later", expiresAt: "2031-01-01T01:00:00+01:00" },
      ORGANISER,
    )
    expect(future.status).toBe(201)
    expect(future.json.expiresAt).toBe("2031-01-01T00:00:00.000Z")
  })
})

describe("resuming beyond the head", () => {
  it("is refused like view?at= beyond the head, by ?after= and by Last-Event-ID", async () => {
    const head = (await api.get("/api/games/duel")).json.version as number
    expect((await api.get(`/api/games/duel/view?at=${head + 1}`)).status).toBe(404)
    expect((await api.get(`/api/games/duel/events?after=${head + 1}`)).status).toBe(404)
    expect(await statusOf(`/api/games/duel/stream?after=${head + 1}`)).toBe(404)
    expect(await statusOf("/api/games/duel/stream", { "last-event-id": String(head + 1) })).toBe(404)
    expect(await statusOf("/api/games/duel/stream?after=99999999999999999999")).toBe(400)
    expect(await statusOf("/api/games/duel/stream", { "last-event-id": "99999999999999999999" })).toBe(400)
    // Up to the head is fine: a caught-up client resumes there.
    expect((await api.get(`/api/games/duel/events?after=${head}`)).json.events).toEqual([])
    expect(await statusOf(`/api/games/duel/stream?after=${head}`)).toBe(200)
    expect(await statusOf("/api/games/duel/stream", { "last-event-id": String(head) })).toBe(200)
  })
})

describe("numbers in queries and headers", () => {
  it("are decimal digits only: no hex, exponent, sign, space or empty value", async () => {
    for (const path of [
      "/api/games?limit=0x10",
      "/api/games?limit=1e1",
      "/api/games?limit=",
      "/api/games/duel/events?after=0x1",
      "/api/games/duel/events?limit=+5",
      "/api/games/duel/view?at=0x1",
      "/api/games/duel/view?at=1.0",
      `/api/games/duel?seat=${encodeURIComponent(" 0")}`,
    ]) {
      const r = await api.get(path, alpha)
      expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(400)
      expect(r.json.message).toMatch(/decimal digits/)
    }
    expect(await statusOf("/api/games/duel/stream?after=0x1")).toBe(400)
    expect(await statusOf("/api/games/duel/stream?seat=1e0", { authorization: `Bearer ${alpha}` })).toBe(400)
    expect(await statusOf("/api/games/duel/stream", { "last-event-id": "0x1" })).toBe(400)
    expect((await api.get("/api/games?limit=16")).status).toBe(200)
  })
})

describe("the catalogue's seat ranges", () => {
  it("a tournament whose tables could not start with its options is refused, not left to fail later", async () => {
    const entrants = ["a", "b", "c", "d", "e"].map((id) => ({ id, plays: "builtin:middle" }))
    const tournament = (body: Record<string, unknown>) =>
      api.post(
        "/api/tournaments",
        { name: "Cup", game: "bluff-dice", format: "swiss", rounds: 1, entrants, ...body },
        ORGANISER,
      )
    const malformed = await tournament({ tableSize: 3, options: { rounds: "three" } })
    expect(malformed.status).toBe(422)
    expect(malformed.json.rule).toBe("kernel.setup.options")
    // A four-sided die has a face for at most four seats (the game's setup rule).
    const tooFewFaces = await tournament({ tableSize: 5, options: { rounds: 1, sides: 4 } })
    expect(tooFewFaces.status).toBe(422)
    expect(tooFewFaces.json.rule).toBe("bluff-dice.setup.too-few-faces")
    expect((await tournament({ tableSize: 4, options: { rounds: 1, sides: 4 } })).status).toBe(201)
  })

  it("are what creating a game with the default options accepts, for every hosted game", async () => {
    const { games } = (await api.get("/api/catalogue")).json as {
      games: Array<{ id: string; seats: { min: number; max: number } }>
    }
    expect(games.map((g) => g.id)).toEqual(expect.arrayContaining(["downtown", "manhattan", "bluff-dice"]))
    // Downtown's standard game is 3–6 (rule text); two players need the two-player variant's option.
    expect(games.find((g) => g.id === "downtown")?.seats).toEqual({ min: 3, max: 6 })
    for (const { id, seats } of games) {
      const create = (n: number) =>
        api.post("/api/games", { game: id, seats: n, decisionMs: null }, ORGANISER)
      for (const n of [seats.min, seats.max]) {
        const r = await create(n)
        expect(r.status, `${id} at ${n} seats: ${JSON.stringify(r.json)}`).toBe(201)
      }
      for (const n of [seats.min - 1, seats.max + 1]) {
        const r = await create(n)
        expect(r.status, `${id} at ${n} seats`).toBeGreaterThanOrEqual(400)
        expect(r.status, `${id} at ${n} seats`).toBeLessThan(500)
      }
    }
  })
})
