import type { AnalysisReady } from "@boroughs/protocol"
import { describe, expect, it } from "vitest"
import { describeCommand, formatAnalysis, sparkline } from "./analyse.js"

describe("analyse's words", () => {
  it("draws chances as blocks, low to high, sampling a long game down to the width", () => {
    expect(sparkline([0, 0.5, 1])).toBe("▁▅█")
    expect(sparkline([])).toBe("")
    const long = Array.from({ length: 200 }, (_, i) => i / 199)
    const line = sparkline(long, 10)
    expect([...line]).toHaveLength(10)
    expect(line.startsWith("▁")).toBe(true)
    expect(line.endsWith("█")).toBe(true)
  })

  it("names a command by its type, then its other fields", () => {
    expect(describeCommand({ type: "Pass" })).toBe("Pass")
    expect(describeCommand({ type: "Move", to: 3, from: 1 })).toBe('Move {"from":1,"to":3}')
    expect(describeCommand(7)).toBe("7")
  })

  it("gives each seat its chances along the game and its mistakes", () => {
    const analysis = {
      status: "ready",
      gameId: "g1",
      game: "manhattan",
      key: "a1-000000000000",
      seats: 2,
      perPosition: 4,
      rollouts: 100,
      positions: [
        { version: 1, win: [0.5, 0.5], rank: [1.5, 1.5] },
        { version: 9, win: [1, 0], rank: [1, 2] },
      ],
      decisions: [],
      mistakes: [
        {
          seat: 1,
          before: 5,
          after: 6,
          command: { type: "Move", to: 2 },
          chanceBefore: 0.6,
          chanceAfter: 0.25,
          played: 0.3,
          better: { command: { type: "Move", to: 4 }, chance: 0.55 },
        },
      ],
    } as unknown as AnalysisReady
    expect(formatAnalysis(analysis)).toBe(
      [
        "manhattan game g1: 2 seats, 0 decisions, 1 mistake; 4 rollouts a position (a1-000000000000)",
        "",
        "seat 0: rank 1, chance of winning 50% → 100%  ▅█",
        "  no mistakes found",
        "",
        "seat 1: rank 2, chance of winning 50% → 0%  ▅▁",
        "  at position 5: 60% → 25%",
        '    played     Move {"to":2}  keeps 30%',
        '    preferred  Move {"to":4}  keeps 55%',
      ].join("\n"),
    )
  })
})
