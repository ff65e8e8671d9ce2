import { describe, expect, it } from "vitest"
import { manhattan } from "./index.js"
import { cmd, Given, only } from "./testing.js"

const legend = { A: 0, C: 0, B: 1, D: 1, E: 2, F: 3 }
const quiet = (g: Given, seat: number, a: number, b: number) => g.pawns(seat, 1, 2).roll(seat, a, b)
const quietMove = (a: number, b: number) => cmd.split(a, "cw", b, "cw")
const rows = (...lines: string[]) => [...lines, ...Array(7 - lines.length).fill(". . . . . . .")].join("\n")
const over = (g: Given) => g.push({ type: "GameBlocked", storiesLeft: g.state.supply.stories })

describe("Manhattan end of the game (rule text, 'Game End')", () => {
  it("'The game ends when all building stories are constructed' — at once, even with a 6 still to use (design)", () => {
    const g = quiet(
      Given.game(2).board(rows("A9 A9 A9 A8 . . .", ". . . . . . .", "B3 B3 B3 . . . ."), legend),
      0,
      6,
      6,
    )
    expect(g.state.supply.stories).toBe(1)
    g.push(...g.when(0, quietMove(6, 6)).events)
    expect(g.state.step).toEqual({ kind: "six-story", left: 2 })
    const r = g.when(0, cmd.build(1, 1))
    expect(r.events).toEqual([
      expect.objectContaining({ type: "StoryBuilt", x: 1, y: 1, height: 10 }),
      { type: "GameEnded", ranks: [1, 2], scores: [1036, 309], seed: "given", reason: "rules" },
    ])
    expect(manhattan.pending(r.match.state)).toEqual([])
  })

  it("'The player with the highest building wins the game'", () => {
    const g = over(Given.game(3).board(rows("A3 . B2 B2 . E1 E1", ". . . . . . .", ". . . . . . ."), legend))
    expect(manhattan.outcome(g.state)).toEqual({ ranks: [1, 2, 3], scores: [303, 204, 102] })
  })

  it("'If there is a tie for highest building, the player with the most blocks in his building wins'", () => {
    const g = over(Given.game(2).board(rows("A3 . B3 B1 . . .", ". . . . . . ."), legend))
    expect(manhattan.outcome(g.state)).toEqual({ ranks: [2, 1], scores: [303, 304] })
  })

  it("ruling: a player's best building counts — the tallest, then the one with most blocks", () => {
    const g = over(Given.game(2).board(rows("A3 . B3 . C1 C1 C1", ". . . . . . .", "C3 . . . . . ."), legend))
    // A: 3 high, 3 blocks; C: 3 high, 6 blocks → seat 0 scores 306 against B's 303
    expect(manhattan.outcome(g.state)).toEqual({ ranks: [1, 2], scores: [306, 303] })
  })

  it("design: still tied after height and blocks → a shared win", () => {
    const g = over(Given.game(3).board(rows("A2 A1 . B1 B2 . E1"), legend))
    expect(manhattan.outcome(g.state)).toEqual({ ranks: [1, 1, 3], scores: [203, 203, 101] })
  })

  it("ruling: bankrupt players rank below everyone still in the game, the last to go bankrupt best", () => {
    const g = Given.game(4).board(rows("A1 . B3 . E2 . F1"), legend).bankrupt(2).bankrupt(1)
    over(g)
    expect(manhattan.outcome(g.state)).toEqual({ ranks: [1, 3, 4, 1], scores: [101, 0, 0, 101] })
  })

  it("ruling 'Blocked game': when no remaining player can ever place another story, the game ends", () => {
    const g = Given.game(3).board(
      `= = = = = = =
       = = = = = = =
       = = = = = = =
       = = = = = = =
       = . . . . . =
       E1 E1 E1 E1 E1 E1 E1
       . . . . . . .`,
      legend,
    )
    g.bankrupt(2)
    quiet(g, 0, 2, 3)
    const r = g.when(0, quietMove(2, 3))
    expect(only(r.events, "GameBlocked", "GameEnded")).toEqual([
      { type: "GameBlocked", storiesLeft: 38 },
      { type: "GameEnded", ranks: [1, 1, 3], scores: [0, 0, 0], seed: "given", reason: "rules" },
    ])
  })

  it("ruling 'Blocked game': open ground for a new building, or a developable building, keeps the game going", () => {
    const g = Given.game(3).board(
      `= = = = = = =
       = = = = = = =
       = = = = = = =
       = = = = = = =
       = . . . . . =
       E1 E1 E1 E1 E1 . .
       . . . . . . .`,
      legend,
    )
    g.bankrupt(2)
    quiet(g, 0, 2, 3)
    expect(only(g.when(0, quietMove(2, 3)).events, "GameBlocked")).toEqual([])
  })
})
