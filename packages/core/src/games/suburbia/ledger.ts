import { TRACK_MAX, TRACK_MIN } from "./data/rules.js"
import type { Stat } from "./effects.js"
import type { Cause, Change } from "./events.js"
import { defOf, sourceOf } from "./placed.js"
import { lineAt, linesUpTo } from "./redlines.js"
import type { Board, PlacedTile } from "./state.js"

/**
 * The tracks of every player while one step resolves, and the changes it made in order. Every movement goes
 * through `add`: income and reputation stop at −5..15 at each step, population stops at 0, and a population
 * move crosses red lines at once, before the next adjustment (rule text, "Adjust Population").
 */
export class Ledger {
  readonly changes: Change[] = []
  private readonly money: number[]
  private readonly income: number[]
  private readonly reputation: number[]
  private readonly population: number[]
  private readonly linesUp: number[]

  /** `tilesOf(player)`: the borough as it stands during this step (with a tile being placed, if any). */
  constructor(
    board: Board,
    private readonly tilesOf: (player: number) => ReadonlyArray<PlacedTile>,
  ) {
    const ps = board.players
    this.money = ps.map((p) => p.money)
    this.income = ps.map((p) => p.income)
    this.reputation = ps.map((p) => p.reputation)
    this.population = ps.map((p) => p.population)
    this.linesUp = ps.map((p) => p.linesUp)
  }

  private track(stat: Stat): number[] {
    switch (stat) {
      case "money":
        return this.money
      case "income":
        return this.income
      case "reputation":
        return this.reputation
      case "population":
        return this.population
    }
  }

  /**
   * Moves one track by `delta` for `cause`. Population moves cross red lines (unless `redLines` is false, as
   * in final scoring); each line crossed upward costs 1 income and 1 reputation, then fires the owner's
   * red-line effects; each line crossed downward gives them back.
   */
  add(player: number, stat: Stat, delta: number, cause: Cause, redLines = true): void {
    if (delta === 0) return
    const track = this.track(stat)
    const before = track[player] as number
    let after = before + delta
    if (stat === "income" || stat === "reputation") after = Math.max(TRACK_MIN, Math.min(TRACK_MAX, after))
    else if (after < 0) after = 0
    track[player] = after
    this.changes.push({ player, stat, delta, value: after, cause })
    if (stat !== "population" || !redLines) return
    const from = linesUpTo(before)
    const to = linesUpTo(after)
    for (let k = from + 1; k <= to; k++) this.crossUp(player, lineAt(k))
    for (let k = from; k > to; k--) {
      const line = lineAt(k)
      this.add(player, "income", 1, { kind: "red-line", line, direction: "down" })
      this.add(player, "reputation", 1, { kind: "red-line", line, direction: "down" })
    }
  }

  private crossUp(player: number, line: number): void {
    this.add(player, "income", -1, { kind: "red-line", line, direction: "up" })
    this.add(player, "reputation", -1, { kind: "red-line", line, direction: "up" })
    this.linesUp[player] = (this.linesUp[player] as number) + 1
    for (const t of this.tilesOf(player))
      for (const { index, effect } of defOf(t).redLines) {
        const multiplier = t.invested ? 2 : 1
        this.add(player, effect.stat, effect.amount * multiplier, {
          kind: "effect",
          pid: t.pid,
          tile: sourceOf(t),
          effect: index,
          count: 1,
          multiplier,
          of: [],
          line,
          investment: false,
        })
      }
  }
}
