import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { randomBot } from "../kernel/bot.js"
import { canonicalJson } from "../kernel/canonical.js"
import type { Typed } from "../kernel/game.js"
import { play, seatRange, start } from "../kernel/match.js"
import { Random } from "../kernel/random.js"
import { findGame, registry } from "../registry.js"
import {
  type AnalysisSettings,
  analyseGame,
  analysisKey,
  analysisPositions,
  analysisSettingsWithRollouts,
  defaultAnalysisSettings,
  rolloutsPerPosition,
} from "./analyse.js"
import { playOut, settled } from "./rollout.js"
import { selfPlayedLog } from "./selfPlay.js"

/** Settings small enough for a unit test: the figures are noisy, the shape and the rules are what is tested. */
const quick: AnalysisSettings = {
  ...defaultAnalysisSettings,
  rollouts: 6,
  minimumRollouts: 4,
  candidateRollouts: 6,
  candidates: 3,
}

const registered = (id: string) => {
  const found = findGame(id)
  const heuristic = found?.bots.heuristic
  if (found === undefined || heuristic === undefined) throw new Error(`no ${id} or no heuristic bot`)
  return { ...found, heuristic }
}

/** A position some way into a heuristic game: the state before its `at`-th command. */
const midGame = (id: string, seats: number, at: number) => {
  const { game, heuristic } = registered(id)
  const { log } = selfPlayedLog(game, undefined, new Array(seats).fill(heuristic), `mid/${id}`)
  const { decided } = analysisPositions(game, log)
  const d = decided[Math.min(at, decided.length - 1)]
  if (d === undefined) throw new Error("no decisions")
  return { game, state: d.before.state }
}

describe("reseed: a finished game's position with its future chance drawn afresh", () => {
  for (const { game } of registry) {
    it(`${game.id}: shows the organiser the same position and offers every seat the same commands`, () => {
      const range = seatRange(game) ?? game.seats
      const { state } = midGame(game.id, Math.min(range.max, Math.max(3, range.min)), 20)
      const reseed = game.reseed
      expect(reseed).toBeDefined()
      if (reseed === undefined) return
      const again = reseed(state, Random.fromKey("other future"))
      expect(canonicalJson(game.view(again, { kind: "organiser" }))).toBe(
        canonicalJson(game.view(state, { kind: "organiser" })),
      )
      for (let seat = 0; seat < (state as { seats: number }).seats; seat++)
        expect(canonicalJson(game.legalCommands(again, seat))).toBe(
          canonicalJson(game.legalCommands(state, seat)),
        )
      // What the real game would draw next is gone: the seed and the generator are new.
      expect((again as { seed: string }).seed).not.toBe((state as { seed: string }).seed)
      expect(canonicalJson((again as { rng: unknown }).rng)).not.toBe(
        canonicalJson((state as { rng: unknown }).rng),
      )
    })
  }

  it("rollouts from reseeded copies of one position meet different chance; the same seed replays the same game", () => {
    // Manhattan's dice: the same players from the same position end differently when the future is redrawn.
    const { game, state } = midGame("manhattan", 3, 10)
    const policy = (_g: unknown, s: unknown, seat: number, random: Random): Typed =>
      random.pick(game.legalCommands(s, seat))
    const outcome = (futureKey: string, playersKey: string) =>
      canonicalJson(
        playOut(game, game.reseed?.(state, Random.fromKey(futureKey)), policy, Random.fromKey(playersKey))
          .scores,
      )
    expect(outcome("f1", "p")).toBe(outcome("f1", "p"))
    const futures = new Set(Array.from({ length: 8 }, (_, i) => outcome(`f${i}`, "p")))
    expect(futures.size).toBeGreaterThan(1)
  })
})

describe("analyseGame: every position's chances and the mistakes of a finished game", () => {
  const { game, bots, heuristic } = registered("uptown")
  const { log, ended } = selfPlayedLog(game, undefined, [heuristic, heuristic], "analysed")
  const analysis = analyseGame(game, bots, log, quick)

  it("judges the position before every command, in order, and ends on the real outcome", () => {
    const versions = analysis.positions.map((p) => p.version)
    expect(versions).toEqual([...versions].sort((a, b) => a - b))
    expect(new Set(versions).size).toBe(versions.length)
    const commands = log.filter((e) => typeof e.metadata.seat === "number").length
    expect(analysis.decisions).toHaveLength(commands)
    for (const d of analysis.decisions) expect(versions).toContain(d.before)
    const last = analysis.positions[analysis.positions.length - 1]
    expect(last?.version).toBe(log.length)
    expect(last?.rank).toEqual(ended.ranks)
    expect(last?.win).toEqual(
      ended.ranks.map((r) => (r === 1 ? 1 / ended.ranks.filter((x) => x === 1).length : 0)),
    )
  })

  it("gives each position win chances that share out the win and ranks between 1 and the seat count", () => {
    for (const p of analysis.positions) {
      expect(p.win.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3)
      for (const r of p.rank) expect(r >= 1 && r <= 2).toBe(true)
    }
    expect(analysis.perPosition).toBe(rolloutsPerPosition(quick, analysis.positions.length - 1))
  })

  it("is deterministic: the same log and settings give the same analysis, other settings another key", () => {
    expect(canonicalJson(analyseGame(game, bots, log, quick))).toBe(canonicalJson(analysis))
    expect(analysis.key).toBe(analysisKey(quick))
    expect(analysisKey({ ...quick, rollouts: 7 })).not.toBe(analysis.key)
    expect(analysisKey(defaultAnalysisSettings)).toMatch(/^a2-[0-9a-f]{12}$/)
  })

  it("refuses a game that has not ended: a live game is never analysed", () => {
    expect(() => analyseGame(game, bots, log.slice(0, log.length - 5), quick)).toThrow(/has not ended/)
  })

  it("reports progress position by position, then seat by seat for the mistake search", () => {
    const heard: number[] = []
    const positions = analysis.positions.length - 1
    const total = positions + 2 * quick.suspectsPerSeat
    analyseGame(game, bots, log, quick, (done, steps) => {
      heard.push(done)
      expect(steps).toBe(total)
    })
    expect(heard).toEqual([
      ...Array.from({ length: positions }, (_, i) => i + 1),
      positions + quick.suspectsPerSeat,
      total,
    ])
  })
})

describe("mistakes: a seat playing at random against heuristic players", () => {
  const { game, bots, heuristic } = registered("manhattan")
  const random = randomBot()
  const { log } = selfPlayedLog(game, undefined, [random, heuristic, heuristic], "blunders")
  const analysis = analyseGame(game, bots, log, {
    ...quick,
    rollouts: 16,
    candidateRollouts: 16,
    candidates: 4,
    suspectsPerSeat: 4,
  })

  it("finds the random seat's mistakes, each with a legal better command that keeps at least the margin more", () => {
    const ofRandom = analysis.mistakes.filter((m) => m.seat === 0)
    expect(ofRandom.length).toBeGreaterThan(0)
    const { positions } = analysisPositions(game, log)
    for (const m of analysis.mistakes) {
      expect(m.better.chance - m.played).toBeGreaterThanOrEqual(analysis.settings.mistakeMargin)
      expect(m.chanceBefore - m.chanceAfter).toBeGreaterThanOrEqual(analysis.settings.minimumDrop)
      expect(canonicalJson(m.better.command)).not.toBe(canonicalJson(m.command))
      const before = positions.get(m.before)?.state
      const legal = game.legalCommands(before, m.seat).map((c) => canonicalJson(c))
      expect(legal).toContain(canonicalJson(m.better.command))
      // The better command is one the rules accept there.
      const opened = start(game, undefined, 3, "unused")
      if (Result.isFailure(opened)) throw new Error("start")
      const match = { ...opened.success.match, state: settled(game, before) }
      expect(Result.isSuccess(play(match, m.seat, m.better.command as Typed))).toBe(true)
    }
    // At most `suspectsPerSeat` examined per seat, so at most that many mistakes each.
    for (let seat = 0; seat < 3; seat++)
      expect(analysis.mistakes.filter((m) => m.seat === seat).length).toBeLessThanOrEqual(4)
  })
})

describe("the budget", () => {
  it("scales with the rollouts asked for, the same settings (and key) for the same number", () => {
    const four = analysisSettingsWithRollouts(4)
    expect(four).toMatchObject({ rollouts: 4, minimumRollouts: 4, candidateRollouts: 3, maxRollouts: 1_000 })
    expect(analysisKey(analysisSettingsWithRollouts(4))).toBe(analysisKey(four))
    expect(analysisSettingsWithRollouts(defaultAnalysisSettings.rollouts)).toBe(defaultAnalysisSettings)
    expect(() => analysisSettingsWithRollouts(0)).toThrow(/at least 1/)
  })

  it("gives a long game fewer rollouts per position, never under the minimum", () => {
    const s = defaultAnalysisSettings
    expect(rolloutsPerPosition(s, 100)).toBe(s.rollouts)
    expect(rolloutsPerPosition(s, 1_000)).toBe(Math.floor(s.maxRollouts / 1_000))
    expect(rolloutsPerPosition(s, 100_000)).toBe(s.minimumRollouts)
  })
})
