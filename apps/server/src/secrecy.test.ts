import { type Bot, registry } from "@boroughs/core"
import { bluffDice, bluffDiceBots } from "@boroughs/core/fixture"
import { describe, expect, it } from "vitest"
import { scanGame } from "./secrecy/scan.js"

const hex = (n: number) => (n * 2654435761).toString(16).padStart(8, "0").repeat(4)

/** Scans `games` games of one registered game with bots mixed per seat; the summary of all of them. */
const scanMany = (
  id: string,
  games: number,
  seatsOf: (i: number) => number,
  bots: ReadonlyArray<Bot>,
  options?: unknown,
) => {
  const entry = id === bluffDice.id ? { game: bluffDice } : registry.find((g) => g.game.id === id)
  if (entry === undefined) throw new Error(`no game ${id}`)
  let payloads = 0
  let withSecrets = 0
  let controls = 0
  const leaks: string[] = []
  for (let i = 0; i < games; i++) {
    const seats = seatsOf(i)
    const table = Array.from({ length: seats }, (_, s) => bots[(i + s) % bots.length] as Bot)
    const report = scanGame(entry.game, table, hex(i + 1), options)
    payloads += report.payloads
    if (report.secretsSeen > 0) withSecrets++
    controls += report.ownSecretsSeen
    leaks.push(...report.leaks.slice(0, 3))
  }
  return { payloads, withSecrets, controls, leaks }
}

// CI scans the first 150 games of the series; `pnpm test:long` all 1,000 (same seeds, same checks).
const DOWNTOWN_GAMES = process.env.BOROUGHS_TEST_LONG === "1" ? 1_000 : 150
const shown = DOWNTOWN_GAMES.toLocaleString("en")

const botsOf = (id: string): Bot[] => Object.values(registry.find((g) => g.game.id === id)?.bots ?? {})

describe("nothing the server sends a spectator or another seat holds a hidden value", () => {
  it(`over ${shown} random Downtown games (3–5 seats, random and heuristic bots)`, () => {
    const downtown = registry.find((g) => g.game.id === "downtown")
    if (downtown === undefined) {
      console.warn(`secrecy scan: Downtown is not registered; skipping its ${shown} games`)
      return
    }
    const result = scanMany("downtown", DOWNTOWN_GAMES, (i) => 3 + (i % 3), botsOf("downtown"))
    expect(result.leaks).toEqual([])
    expect(result.withSecrets).toBe(DOWNTOWN_GAMES)
    expect(result.controls).toBeGreaterThan(DOWNTOWN_GAMES)
    console.info(`secrecy scan: ${shown} Downtown games, ${result.payloads} payloads, no leak`)
  }, 600_000)

  it("over the Bluff Dice fixture and every other registered game", () => {
    const dice = scanMany("bluff-dice", 200, (i) => 2 + (i % 4), Object.values(bluffDiceBots))
    expect(dice.leaks).toEqual([])
    expect(dice.withSecrets).toBe(200)
    expect(dice.controls).toBeGreaterThan(0)
    for (const { game } of registry) {
      if (game.id === "downtown") continue
      const result = scanMany(
        game.id,
        10,
        (i) => Math.min(game.seats.max, Math.max(game.seats.min, 2 + (i % 3))),
        botsOf(game.id),
      )
      expect(result.leaks, game.id).toEqual([])
    }
  })
})
