import { canonicalJson, Random, type Typed } from "@boroughs/core"
import { describe, expect, it } from "vitest"
import { type DecisionContext, defineBot } from "../bot.js"
import { playLocal } from "../local.js"
import { isMctsBot, type SearchResult } from "./ismcts.js"
import { heuristicBot } from "./reference.js"
import { helperPool } from "./threads.js"

describe("IS-MCTS on worker threads", () => {
  it("plays a whole Manhattan game on two threads, the same game twice from the same seed", async () => {
    const game = async () => {
      const searches: SearchResult[] = []
      const bot = isMctsBot({ iterations: 240, threads: 2, onSearch: (r) => searches.push(r) })
      const result = await playLocal({
        game: "manhattan",
        bots: [bot, heuristicBot, heuristicBot, heuristicBot],
        seed: "two threads",
      })
      await bot.close?.()
      return { result, searches }
    }
    const first = await game()
    expect(first.result.match.ended).not.toBeNull()
    const searched = first.searches.filter((s) => s.iterations > 0)
    expect(searched.length).toBeGreaterThan(5)
    // Every searched decision spent the whole budget, both threads' samples pooled.
    for (const s of searched) {
      expect(s.iterations).toBe(240)
      expect(s.stats.reduce((n, stat) => n + stat.visits, 0)).toBe(240)
    }
    const second = await game()
    expect(canonicalJson(second.result.commands)).toBe(canonicalJson(first.result.commands))
  }, 120_000)

  it("under a time budget, keeps the clock, every search on both threads (the helper loads as the game starts)", async () => {
    const pool = helperPool(1)
    await pool.ready
    expect((await pool.available()).count).toBe(1)
    await pool.close()
    const threads: number[] = []
    const bot = isMctsBot({ timeMs: 100, threads: 2, onSearch: (r) => threads.push(r.threads ?? 1) })
    const started = Date.now()
    const result = await playLocal({
      game: "manhattan",
      bots: [bot, heuristicBot, heuristicBot, heuristicBot],
      seed: "clock",
      decisionMs: 2_000,
    })
    await bot.close?.()
    expect(result.match.ended).not.toBeNull()
    // No decision missed its clock, and every search ran on both threads: the helper loaded as the game began.
    expect(result.commands.every((c) => c.defaulted === null)).toBe(true)
    expect(threads.length).toBeGreaterThan(5)
    expect(threads.every((n) => n === 2)).toBe(true)
    expect(Date.now() - started).toBeLessThan(100_000)
  }, 120_000)

  it("decisions asked at once (a runner's several games) take turns on the helpers: each searches as if alone", async () => {
    // Three of seat 0's decisions from a Manhattan game, each with a choice to make.
    const asked: Array<{ view: unknown; legal: ReadonlyArray<Typed>; ctx: Omit<DecisionContext, "random"> }> =
      []
    const recorder = defineBot({
      name: "recorder",
      decide: (view, legal, ctx) => {
        if (legal.length > 1 && asked.length < 3) asked.push({ view, legal, ctx })
        return heuristicBot.decide(view, legal, ctx)
      },
    })
    await playLocal({
      game: "manhattan",
      bots: [recorder, heuristicBot, heuristicBot, heuristicBot],
      seed: "at once",
    })
    expect(asked).toHaveLength(3)
    const searchAll = async (together: boolean) => {
      const searches: SearchResult[] = []
      const bot = isMctsBot({ iterations: 120, threads: 2, onSearch: (r) => searches.push(r) })
      await bot.gameStarted?.({
        gameId: "g",
        game: "manhattan",
        seats: [0],
        players: 4,
        holders: [null, null, null, null],
        decisionMs: null,
        version: 1,
      })
      const ask = ({ view, legal, ctx }: (typeof asked)[number]) =>
        bot.decide(view, legal, { ...ctx, random: Random.fromKey(`at once/${ctx.version}`) })
      const commands = together ? await Promise.all(asked.map(ask)) : []
      if (!together) for (const decision of asked) commands.push(await ask(decision))
      await bot.close?.()
      return { commands, stats: searches.map((r) => r.stats) }
    }
    const alone = await searchAll(false)
    const together = await searchAll(true)
    expect(alone.stats.every((stats) => stats.length > 1)).toBe(true)
    expect(canonicalJson(together)).toBe(canonicalJson(alone))
  }, 120_000)
})
