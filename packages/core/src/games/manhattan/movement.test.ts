import { describe, expect, it } from "vitest"
import { manhattan } from "./index.js"
import { cmd, Given } from "./testing.js"

const moved = (events: ReadonlyArray<{ type: string }>) => events.find((e) => e.type === "PawnsMoved")

describe("Manhattan movement (rule text, 'Move Pawns')", () => {
  it("'Advance one pawn the total of the two dice, or advance one pawn using the value of a single die & advance the other pawn using the other die's result' — 4 + 8 legal moves for 2 and 5", () => {
    const g = Given.game(2).roll(0, 2, 5)
    const legal = manhattan.legalCommands(g.state, 0)
    expect(legal).toHaveLength(12)
    expect(legal.slice(0, 4)).toEqual([
      cmd.total(0, 7, "cw"),
      cmd.total(0, 7, "ccw"),
      cmd.total(1, 7, "cw"),
      cmd.total(1, 7, "ccw"),
    ])
    expect(legal).toContainEqual(cmd.split(2, "cw", 5, "ccw"))
    expect(legal).toContainEqual(cmd.split(5, "ccw", 2, "ccw"))
  })

  it("with doubles the two split assignments are the same move: 4 + 4 legal moves", () => {
    const g = Given.game(2).roll(0, 3, 3)
    expect(manhattan.legalCommands(g.state, 0)).toHaveLength(8)
  })

  it("'Each player must move his pawns according to the dice' — other pips are refused", () => {
    const g = Given.game(2).roll(0, 2, 5)
    expect(g.when(0, cmd.total(0, 6)).violation?.rule).toBe("manhattan.move.pips")
    expect(g.when(0, cmd.split(2, "cw", 4, "cw")).violation?.rule).toBe("manhattan.move.pips")
    expect(g.when(0, { type: "MovePawns", moves: [] }).violation?.rule).toBe("manhattan.move.shape")
  })

  it("'Even if both dice are used on a single pawn, it may only advance in a single direction' — one pawn cannot take the dice as two moves", () => {
    const g = Given.game(2).roll(0, 2, 5)
    const twice = {
      type: "MovePawns" as const,
      moves: [
        { pawn: 0 as const, pips: 2, direction: "cw" as const },
        { pawn: 0 as const, pips: 5, direction: "ccw" as const },
      ],
    }
    expect(g.when(0, twice).violation?.rule).toBe("manhattan.move.pawn")
    expect(
      g.when(0, { ...cmd.total(0, 7), moves: [{ pawn: 0, pips: 7, direction: "up" }] } as never).violation
        ?.rule,
    ).toBe("manhattan.move.direction")
  })

  it("'Each space costs one movement point to enter', 'Pawns can move in either direction', 'Pawns only move on the outer ring' — the ring wraps past square 0", () => {
    const g = Given.game(2).pawns(0, 30, 2).roll(0, 3, 4)
    const cw = g.when(0, cmd.total(0, 7, "cw"))
    expect(moved(cw.events)).toEqual({
      type: "PawnsMoved",
      seat: 0,
      moves: [{ pawn: 0, from: 30, to: 5, pips: 7, direction: "cw" }],
    })
    const ccw = g.when(0, cmd.split(3, "ccw", 4, "ccw"))
    expect(moved(ccw.events)).toEqual({
      type: "PawnsMoved",
      seat: 0,
      moves: [
        { pawn: 0, from: 30, to: 27, pips: 3, direction: "ccw" },
        { pawn: 1, from: 2, to: 30, pips: 4, direction: "ccw" },
      ],
    })
  })

  it("'Multiple pawns may occupy the same space' — onto a rival's pawn and onto one's own", () => {
    const g = Given.game(2).pawns(1, 5, 5).pawns(0, 3, 4).roll(0, 1, 2)
    const r = g.when(0, cmd.split(2, "cw", 1, "cw"))
    expect(r.violation).toBeNull()
    expect(r.match.state.pawns).toEqual([
      [5, 5],
      [5, 5],
    ])
  })

  it("a split move lists pawn 0 first (one spelling per move keeps legalCommands exact)", () => {
    const g = Given.game(2).roll(0, 2, 5)
    const reversed = {
      type: "MovePawns" as const,
      moves: [
        { pawn: 1 as const, pips: 2, direction: "cw" as const },
        { pawn: 0 as const, pips: 5, direction: "cw" as const },
      ],
    }
    expect(g.when(0, reversed).violation?.rule).toBe("manhattan.move.pawn")
  })

  it("only the seat whose turn it is moves; other commands are refused with the rule named", () => {
    const g = Given.game(3).roll(1, 2, 5)
    expect(manhattan.pending(g.state)).toEqual([{ seat: 1, kind: "move" }])
    expect(g.when(0, cmd.total(0, 7)).violation?.rule).toBe("kernel.not-your-decision")
    expect(manhattan.decide(g.state, 0, cmd.total(0, 7))).toMatchObject({
      failure: { rule: "manhattan.turn.not-yours" },
    })
    expect(g.when(1, cmd.build(1, 1)).violation?.rule).toBe("manhattan.command.unexpected")
  })

  it("off-board entry variant: 'the first pip moves the pawn onto the corner' of the owner's choice", () => {
    const g = Given.game(2, { entry: "off-board" }).roll(0, 1, 4)
    const legal = manhattan.legalCommands(g.state, 0)
    // total: 2 pawns × 4 corners × 2 directions; split: 2 assignments × (4 × 2)²
    expect(legal).toHaveLength(16 + 128)
    const r = g.when(0, {
      type: "MovePawns",
      moves: [
        { pawn: 0, pips: 1, direction: "cw", entry: 8 },
        { pawn: 1, pips: 4, direction: "ccw", entry: 0 },
      ],
    })
    expect(moved(r.events)).toMatchObject({
      moves: [
        { pawn: 0, from: null, to: 8 },
        { pawn: 1, from: null, to: 29 },
      ],
    })
    expect(g.when(0, cmd.total(0, 5)).violation?.rule).toBe("manhattan.move.entry")
  })

  it("off-board entry variant: a pawn on the board names no entry corner", () => {
    const g = Given.game(2, { entry: "off-board" }).pawns(0, 3, null).roll(0, 1, 4)
    const entering = {
      type: "MovePawns" as const,
      moves: [{ pawn: 0 as const, pips: 5, direction: "cw" as const, entry: 0 as const }],
    }
    expect(g.when(0, entering).violation?.rule).toBe("manhattan.move.entry")
    expect(g.when(0, cmd.total(0, 5)).violation).toBeNull()
  })
})
