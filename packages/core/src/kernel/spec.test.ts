import { describe, expect, it } from "vitest"
import { bluffDice } from "../fixture/bluff-dice/index.js"
import { gameStarted } from "./match.js"
import { given } from "./spec.js"

describe("given / when / then", () => {
  const history = [
    gameStarted(bluffDice, { rounds: 1, sides: 6 }, 2, "spec"),
    { type: "FirstLeaderDrawn", leader: 1 },
  ]

  it("folds the given events and plays the command on them", () => {
    const spec = given(bluffDice, history)
    expect(spec.match.events).toBe(2)
    const then = spec.when(0, { type: "CommitBid", bid: 2 })
    expect(then.violation).toBeNull()
    expect(then.events.map((e) => e.type)).toEqual(["BidCommitted"])
    expect(then.match.events).toBe(3)
  })

  it("reports a refusal as the violation, with no events and the match unchanged", () => {
    const spec = given(bluffDice, history)
    const then = spec.when(0, { type: "CommitBid", bid: 9 })
    expect(then.violation?.rule).toBe("bluff-dice.bid.no-such-face")
    expect(then.events).toEqual([])
    expect(then.match).toBe(spec.match)
  })
})
