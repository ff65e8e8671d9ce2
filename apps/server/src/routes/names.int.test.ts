import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "../Server.js"
import { http, ORGANISER, testServer } from "../testing.js"

// The organisers' register of display names: set, listed, cleared, on record in its own stream, and applied
// to the games created after it (never to those created before).

let server: RunningServer
let api: ReturnType<typeof http>

const duel = (gameId: string, extra: Record<string, unknown> = {}) => ({
  game: "bluff-dice",
  seats: 2,
  gameId,
  players: ["player:ann", "bot:zed"],
  decisionMs: null,
  ...extra,
})

/** `PUT /api/names/:holder`, as the organiser unless another token (or null: none) is given. */
const put = (holder: string, body: unknown, token: string | null = ORGANISER) =>
  api.call("PUT", `/api/names/${holder}`, { body, ...(token === null ? {} : { token }) })

beforeAll(async () => {
  server = await testServer()
  api = http(server.url)
})
afterAll(() => server?.close())

describe("the register of display names", () => {
  it("registers, renames and lists names; new games show them, older games keep theirs", async () => {
    const before = await api.post("/api/games", duel("before-register"), ORGANISER)
    expect(before.json.names).toEqual([null, null])

    const set = await put("player:ann", { name: "  Ann Lee " })
    expect(set.status, JSON.stringify(set.json)).toBe(200)
    expect(set.json).toMatchObject({ holder: "player:ann", name: "Ann Lee", setBy: "organiser:admin" })
    expect((await put("bot:zed", { name: "Zed the bot" })).status).toBe(200)

    const listed = await api.get("/api/names", ORGANISER)
    expect(listed.json.names.map((n: { holder: string; name: string }) => [n.holder, n.name])).toEqual([
      ["bot:zed", "Zed the bot"],
      ["player:ann", "Ann Lee"],
    ])

    const after = await api.post("/api/games", duel("after-register"), ORGANISER)
    expect(after.json.names).toEqual(["Ann Lee", "Zed the bot"])
    // A name the game gives wins; a seat it leaves null takes the register's.
    const given = await api.post("/api/games", duel("given-names", { names: ["Annie", null] }), ORGANISER)
    expect(given.json.names).toEqual(["Annie", "Zed the bot"])

    // Renamed: the next game says the new name, the earlier ones what they were created with.
    await put("player:ann", { name: "Ann Lee-Smith" })
    const renamed = await api.post("/api/games", duel("after-rename"), ORGANISER)
    expect(renamed.json.names).toEqual(["Ann Lee-Smith", "Zed the bot"])
    expect((await api.get("/api/games/after-register")).json.names).toEqual(["Ann Lee", "Zed the bot"])
    expect((await api.get("/api/games/before-register")).json.names).toEqual([null, null])
  })

  it("clears a name (404 the second time); the next games go by the holder again", async () => {
    await put("player:cy", { name: "Cy" })
    const cleared = await api.call("DELETE", "/api/names/player:cy", { token: ORGANISER })
    expect(cleared.status).toBe(204)
    const again = await api.call("DELETE", "/api/names/player:cy", { token: ORGANISER })
    expect(again.status).toBe(404)
    expect(again.json.message).toBe("player:cy has no registered display name")
    const game = await api.post(
      "/api/games",
      duel("after-clear", { players: ["player:cy", "bot:nobody"] }),
      ORGANISER,
    )
    expect(game.json.names).toEqual([null, null])
  })

  it("keeps every change on record, with who made it", async () => {
    const events = (await api.get("/api/names", ORGANISER)).json.names
    expect(
      events.every((n: { setBy: string; setAt: string }) => n.setBy === "organiser:admin" && n.setAt),
    ).toBe(true)
    // Setting the same name again appends nothing.
    const first = await put("bot:zed", { name: "Zed the bot" })
    const second = await put("bot:zed", { name: "Zed the bot" })
    expect(second.json.setAt).toBe(first.json.setAt)
  })

  it.each([
    ["a holder that is not bot: or player:", "builtin:random", { name: "Random" }, "(bot|player):"],
    ["an empty name", "player:ann", { name: "   " }, "display name"],
    ["a name of 41 characters", "player:ann", { name: "x".repeat(41) }, "display name"],
    ["a bidi override", "player:ann", { name: "\u202eennA" }, "display name"],
    ["no name at all", "player:ann", {}, "name"],
  ])("refuses %s with 400, naming the problem, and changes nothing", async (_, holder, body, message) => {
    const before = (await api.get("/api/names", ORGANISER)).json.names
    const refused = await put(holder, body)
    expect(refused.status, JSON.stringify(refused.json)).toBe(400)
    expect(String(refused.json.message)).toContain(message)
    expect((await api.get("/api/names", ORGANISER)).json.names).toEqual(before)
  })

  it("is for organisers only: a bot's token and no token are refused", async () => {
    const bot = await api.post("/api/tokens", { kind: "bot", name: "sneaky" }, ORGANISER)
    expect((await put("bot:sneaky", { name: "The best bot" }, bot.json.token)).status).toBe(403)
    expect((await put("bot:sneaky", { name: "The best bot" }, null)).status).toBe(401)
    expect((await api.get("/api/names", bot.json.token)).status).toBe(403)
    expect((await api.call("DELETE", "/api/names/bot:zed", { token: bot.json.token })).status).toBe(403)
  })
})
