import { describe, expect, it } from "vitest"
import { arena, parseLineUp, standingsOf, wilson } from "./arena.js"

describe("arena statistics", () => {
  it("gives a 95% Wilson interval round the win rate, inside [0, 1]", () => {
    const [low, high] = wilson(50, 100)
    expect(low).toBeCloseTo(0.4038, 3)
    expect(high).toBeCloseTo(0.5962, 3)
    expect(wilson(0, 20)[0]).toBe(0)
    expect(wilson(20, 20)[1]).toBeCloseTo(1, 12)
    expect(wilson(0, 0)).toEqual([0, 0])
  })

  it("counts a shared win as a share, and rates the line-up from the ranks with ties", () => {
    const thinking = [0, 1, 2].map(() => ({ decisions: 10, ms: 5 }))
    const standings = standingsOf(["a", "b", "c"], 3, [
      { n: 0, ranks: [1, 1, 3], scores: [9, 9, 1], thinking },
      { n: 1, ranks: [2, 1, 3], scores: [5, 8, 2], thinking },
    ])
    // Game 1 seats position p at seat (p + 1) mod 3: a at 1 (first), b at 2 (last), c at 0 (second).
    expect(standings.map((s) => s.wins)).toEqual([1.5, 0.5, 0])
    expect(standings.map((s) => s.sharedWins)).toEqual([1, 1, 0])
    expect(standings.map((s) => s.meanRank)).toEqual([1, 2, 2.5])
    expect(standings[0]?.decisionsPerSecond).toBe(2000)
    const [a, b, c] = standings.map((s) => s.rating.ordinal) as [number, number, number]
    expect(a).toBeGreaterThan(b)
    expect(a).toBeGreaterThan(c)
  })

  it("rates a clearly stronger bot above random over 60 games", async () => {
    const r = await arena({
      game: "downtown",
      players: 3,
      bots: "heuristic,random",
      games: 60,
      seed: "ratings",
      jobs: 1,
    })
    const [heuristic, random] = r.standings
    expect(heuristic?.winRate95[0]).toBeGreaterThan(0.5)
    expect(heuristic?.rating.ordinal).toBeGreaterThan(random?.rating.ordinal ?? Infinity)
    expect(heuristic?.rating.sigma).toBeLessThan(8.333)
  })
})

describe("arena line-ups", () => {
  it("reads built-ins, modules and stdio programs, the last entry repeating", () => {
    const lineUp = parseLineUp("ismcts:1s, stdio:python3  examples/python-bot/bot.py ", 4)
    expect(lineUp.map((e) => e.kind)).toEqual(["builtin", "stdio", "stdio", "stdio"])
    expect(lineUp[1]).toMatchObject({ command: ["python3", "examples/python-bot/bot.py"] })
  })

  it("refuses what cannot play, before any game", () => {
    expect(() => parseLineUp("ismcts:1000x2", 4)).toThrow(/one thread/)
    expect(() => parseLineUp("./no-such-bot.js", 4)).toThrow(/no bot module/)
    expect(() => parseLineUp("stdio:", 4)).toThrow(/name the program/)
    expect(() => parseLineUp("a,b,c", 2)).toThrow(/3 bots for 2 players/)
  })

  it("refuses a built-in the game does not know", async () => {
    await expect(
      arena({ game: "downtown", players: 4, bots: "heuristic,nobody", games: 1, seed: "x", jobs: 1 }),
    ).rejects.toThrow(/unknown bot nobody/)
  })
})
