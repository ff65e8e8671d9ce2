import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { BotStreamMessage, GameEndedMessage, GameStartedMessage, YourTurnMessage } from "./BotStream.js"
import { CommandRequest, CreateGameRequest, PlayRequest } from "./Games.js"
import { openApiDocument } from "./openapi.js"
import { StdioGameEnded, StdioGameStarted, StdioYourTurn } from "./Stdio.js"

describe("the HTTP API definition", () => {
  const doc = openApiDocument()

  it("generates an OpenAPI 3.1 document with every route of ARCHITECTURE.md §6", () => {
    expect(doc.openapi).toBe("3.1.0")
    const routes = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(routes).toEqual(
      expect.arrayContaining([
        "POST /api/games",
        "GET /api/games",
        "GET /api/games/{gameId}",
        "GET /api/games/{gameId}/events",
        "GET /api/games/{gameId}/stream",
        "POST /api/games/{gameId}/commands",
        "GET /api/games/{gameId}/view",
        "GET /api/games/{gameId}/timeline",
        "GET /api/games/{gameId}/analysis",
        "GET /api/games/{gameId}/audit",
        "POST /api/play",
        "PUT /api/games/{gameId}/seats/{seat}/name",
        "GET /api/tokens",
        "GET /api/bot/stream",
        "GET /api/openapi.json",
        "GET /api/health",
        "GET /api/ready",
      ]),
    )
  })

  it("documents each error status of the command route and the bearer scheme", () => {
    const command = doc.paths["/api/games/{gameId}/commands"]?.post
    expect(Object.keys(command?.responses ?? {}).sort()).toEqual(
      ["200", "400", "401", "403", "404", "409", "413", "415", "422", "429", "500", "503"].sort(),
    )
    expect(command?.security).toEqual([{}, { bearer: [] }])
    expect(doc.components.securitySchemes).toHaveProperty("bearer")
    expect(doc.paths["/api/games/{gameId}/stream"]?.get?.responses[200]?.content).toHaveProperty(
      "text/event-stream",
    )
    expect(doc.paths["/api/bot/stream"]?.get?.responses[200]?.content).toHaveProperty("application/x-ndjson")
  })

  it("decodes requests and refuses bad ones with a reason", () => {
    const decodeCommand = Schema.decodeUnknownResult(CommandRequest)
    expect(decodeCommand({ commandId: "c1", seat: 0, command: { type: "X" } })._tag).toBe("Success")
    const bad = decodeCommand({ commandId: "", seat: -1, command: {} })
    expect(bad._tag).toBe("Failure")
    const decodeCreate = Schema.decodeUnknownResult(CreateGameRequest)
    expect(
      decodeCreate({ game: "downtown", seats: 4, players: ["bot:a", null, "player:b", null] })._tag,
    ).toBe("Success")
    expect(decodeCreate({ game: "downtown", seats: 4, players: ["root"] })._tag).toBe("Failure")
    expect(decodeCreate({ game: "downtown", seats: 2, players: ["invite", "builtin:random"] })._tag).toBe(
      "Success",
    )
    // Seat holders are the server's to mint: a creator cannot name one.
    expect(decodeCreate({ game: "downtown", seats: 1, players: ["seat:abc"] })._tag).toBe("Failure")
    const decodePlay = Schema.decodeUnknownResult(PlayRequest)
    const seats = [{ kind: "me" }, { kind: "invite" }, { kind: "house", bot: "heuristic" }]
    expect(decodePlay({ game: "downtown", seats, name: "Ann" })._tag).toBe("Success")
    expect(decodePlay({ game: "downtown", seats: [{ kind: "robot" }], name: "Ann" })._tag).toBe("Failure")
    expect(decodePlay({ game: "downtown", seats, name: " " })._tag).toBe("Failure")
    expect(
      decodeCreate({ game: "downtown", seats: 4, spectators: { mode: "delayed", events: 0 } })._tag,
    ).toBe("Failure")
  })

  it("bot stream messages decode from their JSON lines", () => {
    const decode = Schema.decodeUnknownResult(Schema.fromJsonString(BotStreamMessage))
    const turn = {
      type: "yourTurn",
      requestId: "g1:1:12",
      gameId: "g1",
      game: "downtown",
      seat: 1,
      version: 12,
      kind: "vote",
      view: { any: "thing" },
      legal: [{ type: "CastVote" }],
      deadline: "2025-01-01T00:00:00.000Z",
      timeLeftMs: 29_000,
    }
    expect(decode(JSON.stringify(turn))._tag).toBe("Success")
    // A field a later version adds is ignored, as docs/api.md tells clients to.
    expect(decode(JSON.stringify({ ...turn, addedLater: [1] }))._tag).toBe("Success")
    expect(decode('{"type":"keepAlive","time":"2025-01-01T00:00:00.000Z"}')._tag).toBe("Success")
    expect(decode('{"type":"unknown"}')._tag).toBe("Failure")
  })

  it("keeps every object open to fields added later: no additionalProperties: false anywhere", () => {
    expect(JSON.stringify(doc)).not.toMatch(/"additionalProperties":false/)
  })

  it("describes each field of the bot messages, which the stdio protocol shares field for field", () => {
    const schemas = doc.components.schemas as Record<
      string,
      { properties: Record<string, { description?: string }> }
    >
    for (const name of ["GameStartedMessage", "YourTurnMessage", "GameEndedMessage"]) {
      const properties = Object.entries(schemas[name]?.properties ?? {}).filter(([key]) => key !== "type")
      expect(properties.length).toBeGreaterThan(3)
      for (const [key, property] of properties)
        expect(property.description ?? JSON.stringify(property), `${name}.${key}`).toMatch(/\w{4}/)
    }
    expect(StdioYourTurn).toBe(YourTurnMessage)
    expect(StdioGameStarted).toBe(GameStartedMessage)
    expect(StdioGameEnded).toBe(GameEndedMessage)
  })
})
