/**
 * Golden fingerprints: the exact events and commands of seeded random games, per game. Determinism is a
 * promise to replays and audits (the same seed and commands give the same events, byte for byte), so any
 * change to a game's code that is meant to be invisible (a faster legal list, fewer allocations) must leave
 * these hashes alone. A rules change that alters them on purpose updates the hash here, with a ruling.
 */
import { describe, expect, it } from "vitest"
import type { Bot } from "../kernel/bot.js"
import { canonicalJson, sha256Hex } from "../kernel/canonical.js"
import { simulate } from "../kernel/simulate.js"
import { registry } from "../registry.js"

const GAMES_PER_TABLE = 6

const GOLDEN: Readonly<Record<string, string>> = {
  downtown: "4491853f28fd0eaadd6948cf3bb975b690638bfdd982410b1e96e866ee238844",
  manhattan: "99adb66e4b9d1a8935b136dc4cfe9d13caac205e217174f02c5a3299705880f5",
  suburbia: "4af0ef986c642d5c237989db3bc53f62f3cba0317d22c7b41e08f11e789cdae9",
  uptown: "17ed2f18a6b4f1ad9204b37438f47bed539a05527acb470d6f75c3369ef74274",
  "urban-sprawl": "fcc0cf34acabc9c253bf28c348f209bc4ff2547e6e305fb821ccf7bfb7641994",
}

/** Seeded random games at the game's largest table up to 4 and at 3 seats: events and commands, hashed. */
export const fingerprint = (id: string): string => {
  const entry = registry.find((g) => g.game.id === id)
  if (entry === undefined) throw new Error(`no game ${id}`)
  const { game, bots } = entry
  const bot = bots.random as Bot
  const lines: string[] = []
  for (const seats of [Math.min(4, game.seats.max), 3]) {
    for (let i = 0; i < GAMES_PER_TABLE; i++) {
      const { events, commands } = simulate(
        game,
        game.defaultOptions,
        Array.from({ length: seats }, () => bot),
        `fingerprint-${seats}-${i}`,
      )
      lines.push(canonicalJson({ seats, i, events, commands }))
    }
  }
  return sha256Hex(lines.join("\n"))
}

describe("seeded random games keep their exact events (golden fingerprints)", () => {
  for (const { game } of registry)
    it(`${game.id}`, () => {
      expect(fingerprint(game.id)).toBe(GOLDEN[game.id])
    })
})
