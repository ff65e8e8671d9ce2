import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { openApiDocument } from "./openapi.js"
import { CreateTournamentRequest, GameActionRequest } from "./Tournaments.js"

describe("tournament and organiser schemas", () => {
  it("document the organiser routes in the OpenAPI document", () => {
    const paths = Object.keys(openApiDocument().paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/tournaments",
        "/api/tournaments/{tournamentId}",
        "/api/tournaments/{tournamentId}/audit",
        "/api/tournaments/{tournamentId}/export",
        "/api/games/{gameId}/actions",
        "/api/games/{gameId}/trail",
        "/api/admin/games/{gameId}",
        "/api/signing-key",
      ]),
    )
  })

  it("refuse an action without a reason, an unknown action and a table of 7", () => {
    const action = Schema.decodeUnknownResult(GameActionRequest)
    expect(Result.isSuccess(action({ action: { type: "PauseGame" }, reason: "dispute" }))).toBe(true)
    expect(Result.isFailure(action({ action: { type: "PauseGame" }, reason: "" }))).toBe(true)
    expect(Result.isFailure(action({ action: { type: "DeleteEvent", version: 3 }, reason: "x" }))).toBe(true)
    const create = Schema.decodeUnknownResult(CreateTournamentRequest)
    const entrants = [1, 2, 3].map((i) => ({ id: `e${i}`, plays: "builtin:random" }))
    const base = { name: "Cup", game: "downtown", format: "swiss", tableSize: 3, entrants }
    expect(Result.isSuccess(create(base))).toBe(true)
    expect(Result.isFailure(create({ ...base, tableSize: 7 }))).toBe(true)
    expect(Result.isFailure(create({ ...base, entrants: [{ id: "e1", plays: "robot:x" }] }))).toBe(true)
  })
})
