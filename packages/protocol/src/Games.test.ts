import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CreateGameRequest, GameSummary, isDisplayName } from "./Games.js"

describe("display names", () => {
  it("are 1–40 printable characters once trimmed", () => {
    expect(isDisplayName("Ada")).toBe(true)
    expect(isDisplayName("  Ada Lovelace  ")).toBe(true)
    expect(isDisplayName("x".repeat(40))).toBe(true)
    expect(isDisplayName("👩‍💻 dev")).toBe(true)
    expect(isDisplayName("")).toBe(false)
    expect(isDisplayName("   ")).toBe(false)
    expect(isDisplayName("x".repeat(41))).toBe(false)
    expect(isDisplayName("a\nb")).toBe(false)
    expect(isDisplayName("\u202eevil")).toBe(false)
  })

  it("are optional on a new game, null for a seat that goes by its holder's name", () => {
    const create = Schema.decodeUnknownResult(CreateGameRequest)
    const base = { game: "downtown", seats: 2 }
    expect(Result.isSuccess(create(base))).toBe(true)
    expect(Result.isSuccess(create({ ...base, names: ["Ada", null] }))).toBe(true)
    expect(Result.isFailure(create({ ...base, names: ["Ada", ""] }))).toBe(true)
    expect(Result.isFailure(create({ ...base, names: ["Ada", 3] }))).toBe(true)
  })

  it("a lobby row from a server that sends no names or tournament still decodes", () => {
    const row = {
      gameId: "g1",
      game: "downtown",
      seats: 1,
      players: [null],
      spectators: { mode: "live" },
      decisionMs: null,
      status: "live",
      version: 1,
      pending: [0],
      createdAt: "2030-01-01T00:00:00.000Z",
      updatedAt: "2030-01-01T00:00:00.000Z",
      endedAt: null,
      outcome: null,
    }
    const decode = Schema.decodeUnknownResult(GameSummary)
    expect(Result.isSuccess(decode(row))).toBe(true)
    const named = decode({ ...row, names: ["Ada"], tournament: { id: "cup", name: "Spring cup" } })
    expect(Result.isSuccess(named) && named.success.tournament).toEqual({ id: "cup", name: "Spring cup" })
  })
})
