import { canonicalJson, findGame, simulate } from "@boroughs/core"
import { describe, expect, it, vi } from "vitest"
import { defineBot } from "./bot.js"
import { botByName } from "./bots/byName.js"
import { heuristicBot, randomBot } from "./bots/reference.js"
import { playLocal } from "./local.js"

describe("playLocal", () => {
  it("plays through the kernel exactly as core self-play does: same bots, same seed, same events", async () => {
    const registered = findGame("downtown")
    if (registered === undefined) throw new Error("downtown is not registered")
    const core = simulate(
      registered.game,
      undefined,
      [1, 2, 3, 4].map(() => registered.bots.heuristic!),
      "same",
    )
    const local = await playLocal({ game: "downtown", bots: [heuristicBot], seats: 4, seed: "same" })
    expect(canonicalJson(local.events)).toBe(canonicalJson(core.events))
    expect(local.outcome.ranks).toHaveLength(4)
    expect(local.commands.every((c) => c.defaulted === null)).toBe(true)
  })

  it("counts each seat's decisions and its bot's time on them, apart from the commands", async () => {
    const slow = defineBot({
      name: "slow",
      decide: async (_view, legal) => {
        await new Promise((resolve) => setTimeout(resolve, 2))
        return legal[0] ?? null
      },
    })
    const local = await playLocal({ game: "uptown", bots: [slow, randomBot], seats: 2, seed: "rates" })
    expect(local.thinking).toHaveLength(2)
    for (const [seat, thought] of local.thinking.entries())
      expect(thought.decisions).toBe(local.commands.filter((c) => c.seat === seat).length)
    const [slowSeat, randomSeat] = local.thinking as [(typeof local.thinking)[0], (typeof local.thinking)[0]]
    // Each of the slow bot's decisions waited at least 2 ms on its timer.
    expect(slowSeat.ms).toBeGreaterThanOrEqual(slowSeat.decisions * 1.5)
    expect(randomSeat.ms / randomSeat.decisions).toBeLessThan(slowSeat.ms / slowSeat.decisions)
    const again = await playLocal({ game: "uptown", bots: [slow, randomBot], seats: 2, seed: "rates" })
    expect(canonicalJson(again.commands)).toBe(canonicalJson(local.commands))
  })

  it("gives a typed bot its game's view and legal commands, and refuses to seat it at another game", async () => {
    const seen: string[] = []
    const commerce = defineBot({
      game: "downtown",
      name: "commerce",
      decide: (view, legal) => {
        seen.push(view.game)
        return legal.find((c) => c.type === "CastVote" && c.construction === "commerce") ?? legal[0] ?? null
      },
    })
    const result = await playLocal({
      game: "downtown",
      bots: [commerce, randomBot, randomBot],
      seed: "typed",
    })
    expect(result.outcome.ranks).toHaveLength(3)
    expect(new Set(seen)).toEqual(new Set(["downtown"]))
    await expect(playLocal({ game: "manhattan", bots: [commerce, randomBot], seed: "x" })).rejects.toThrow(
      /written for downtown, not manhattan/,
    )
  })

  it("types a bot for each of the five games, Urban Sprawl too", async () => {
    const viewers: Array<number | null> = []
    // `view.viewer` and `EndTurn` exist only in Urban Sprawl's types: this compiles because the game is typed.
    const ender = defineBot({
      game: "urban-sprawl",
      name: "ender",
      decide: (view, legal, ctx) => {
        viewers.push(view.viewer)
        return legal.find((c) => c.type === "EndTurn") ?? ctx.random.pick(legal)
      },
    })
    const result = await playLocal({ game: "urban-sprawl", bots: [ender, randomBot], seed: "typed-sprawl" })
    expect(result.match.ended).not.toBeNull()
    expect(new Set(viewers)).toEqual(new Set([0]))
    await expect(
      playLocal({ game: "downtown", bots: [ender, randomBot, randomBot], seed: "x" }),
    ).rejects.toThrow(/written for urban-sprawl, not downtown/)
  })

  it("plays the default command for a bot that gives no answer or misses its clock", async () => {
    const silent = defineBot({ name: "silent", decide: () => null })
    const hanging = defineBot({ name: "hanging", decide: () => new Promise(() => {}) })
    const quiet = await playLocal({ game: "downtown", bots: [silent, randomBot, randomBot], seed: "quiet" })
    const late = await playLocal({
      game: "downtown",
      bots: [hanging, randomBot, randomBot],
      seed: "late",
      decisionMs: 5,
    })
    const seat0 = (result: typeof quiet) =>
      result.commands.filter((c) => c.seat === 0).map((c) => c.defaulted)
    expect(new Set(seat0(quiet))).toEqual(new Set(["no-answer"]))
    expect(new Set(seat0(late))).toEqual(new Set(["timeout"]))
    expect(quiet.match.ended).not.toBeNull()
    expect(late.match.ended).not.toBeNull()
  })

  it("records a timeout when the clock fires, even before the wall-clock deadline and with the bot giving up at once", async () => {
    // libuv caches the loop's time, so a timer can fire while Date.now() is still short of the deadline; a
    // bot that answers null on abort (the stdio bridge does) then settled first and was called "no-answer".
    // Fake timers with a real Date make every timer fire early.
    const givesUp = defineBot({
      name: "gives-up",
      decide: (_view, _legal, ctx) =>
        new Promise((resolve) => ctx.signal.addEventListener("abort", () => resolve(null))),
    })
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    try {
      let done = false
      const game = playLocal({
        game: "downtown",
        bots: [givesUp, randomBot, randomBot],
        seed: "early-clock",
        decisionMs: 60_000,
      }).finally(() => {
        done = true
      })
      while (!done) await vi.advanceTimersByTimeAsync(60_000)
      const result = await game
      const seat0 = result.commands.filter((c) => c.seat === 0).map((c) => c.defaulted)
      expect(seat0.length).toBeGreaterThan(10)
      expect(new Set(seat0)).toEqual(new Set(["timeout"]))
    } finally {
      vi.useRealTimers()
    }
  })

  it("names the bot and the command when a bot answers outside its legal commands", async () => {
    const cheat = defineBot({ name: "cheat", decide: () => ({ type: "DrawZoningTile", pile: "north" }) })
    await expect(
      playLocal({ game: "downtown", bots: [cheat, randomBot, randomBot], seed: "c" }),
    ).rejects.toThrow(/bot cheat at seat 0 answered an illegal command/)
  })

  it("knows the reference bots by name, and refuses unknown ones", () => {
    expect(botByName("random").name).toBe("random")
    expect(botByName("ismcts:250").name).toBe("ismcts:250")
    expect(botByName("ismcts:40i").name).toBe("ismcts:40i")
    expect(botByName("ismcts:1000x2").name).toBe("ismcts:1000x2")
    expect(botByName("ismcts:500ix4").name).toBe("ismcts:500ix4")
    expect(() => botByName("ismcts:500x0")).toThrow(/at least 1 thread/)
    expect(botByName("dale", "suburbia").name).toBe("dale")
    expect(() => botByName("dale", "downtown")).toThrow(/unknown bot dale for downtown/)
  })
})
