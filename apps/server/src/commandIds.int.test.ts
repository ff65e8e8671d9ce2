import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { http, ORGANISER, type TestResponse, testServer } from "./testing.js"

// A commandId names one command: the same payload again is that command's answer (duplicate), another
// payload under it is 409 command-id-reused — whether the second request comes after the first or races it.

let server: RunningServer
let api: ReturnType<typeof http>

/** A fresh game, the seat that owes the first decision and two different legal commands for it. */
const freshGame = async (gameId: string) => {
  const created = await api.post(
    "/api/games",
    { game: "downtown", seats: 4, gameId, seed: `seed-${gameId}`, decisionMs: null },
    ORGANISER,
  )
  expect(created.status, JSON.stringify(created.json)).toBe(201)
  const seat = created.json.pending[0] as number
  const legal = (await api.get(`/api/games/${gameId}?seat=${seat}`, ORGANISER)).json.decisions[0].legal
  expect(legal.length).toBeGreaterThan(1)
  return { seat, first: legal[0] as Record<string, unknown>, other: legal[1] as Record<string, unknown> }
}

/** The same object with its keys in reverse order (the payload is compared canonically). */
const reordered = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse())

const send = (gameId: string, commandId: string, seat: number, command: unknown) =>
  api.post(`/api/games/${gameId}/commands`, { commandId, seat, command }, ORGANISER)

const expectReused = (r: TestResponse) => {
  expect(r.status, JSON.stringify(r.json)).toBe(409)
  expect(r.json.reason).toBe("command-id-reused")
}

beforeAll(async () => {
  server = await testServer()
  api = http(server.url)
})
afterAll(() => server?.close())

describe("a reused commandId", () => {
  it("sent again after the first: the same payload is a duplicate, another one 409 command-id-reused", async () => {
    const { seat, first, other } = await freshGame("sequential")
    const played = await send("sequential", "x", seat, first)
    expect(played.status, JSON.stringify(played.json)).toBe(200)
    expect(played.json.duplicate).toBe(false)

    const again = await send("sequential", "x", seat, reordered(first))
    expect(again.status, JSON.stringify(again.json)).toBe(200)
    expect(again.json.duplicate).toBe(true)
    expect(again.json.events).toEqual(played.json.events)

    expectReused(await send("sequential", "x", seat, other))
    expect((await api.get("/api/games/sequential", ORGANISER)).json.version).toBe(played.json.version)
  })

  it("raced: the same payload is one command played once, another one 409 command-id-reused", async () => {
    for (let round = 0; round < 4; round++) {
      const same = `same-${round}`
      const { seat, first } = await freshGame(same)
      const twins = await Promise.all([send(same, "y", seat, first), send(same, "y", seat, reordered(first))])
      for (const r of twins) expect(r.status, JSON.stringify(r.json)).toBe(200)
      expect(twins.map((r) => r.json.duplicate).sort()).toEqual([false, true])

      const rivals = `rivals-${round}`
      const game = await freshGame(rivals)
      const raced = await Promise.all([
        send(rivals, "y", game.seat, game.first),
        send(rivals, "y", game.seat, game.other),
      ])
      const [won, lost] = raced[0].status === 200 ? raced : [raced[1], raced[0]]
      expect(won?.status, JSON.stringify(won?.json)).toBe(200)
      expect(won?.json.duplicate).toBe(false)
      expectReused(lost as TestResponse)
    }
  })

  it("on an organiser action: the same action again is a duplicate, another one 409 command-id-reused", async () => {
    await freshGame("annotated")
    const note = (text: string) => ({
      action: { type: "AnnotateEvent", version: 1, note: text },
      reason: "commentary",
      commandId: "note-1",
    })
    const first = await api.post("/api/games/annotated/actions", note("a fine opening"), ORGANISER)
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    const again = await api.post("/api/games/annotated/actions", note("a fine opening"), ORGANISER)
    expect(again.json).toEqual({ version: first.json.version, duplicate: true })
    expectReused(await api.post("/api/games/annotated/actions", note("a dull opening"), ORGANISER))
  })
})
