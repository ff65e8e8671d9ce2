import { describe, expect, it } from "vitest"
import { hasDevelopableBuilding, isInsolvent } from "./develop.js"
import { manhattan } from "./index.js"
import { cmd, Given, only } from "./testing.js"

const legend = { A: 0, C: 0, B: 1, D: 1, E: 2 }
const quiet = (g: Given, seat: number, a: number, b: number) => g.pawns(seat, 1, 2).roll(seat, a, b)
const quietMove = (a: number, b: number) => cmd.split(a, "cw", b, "cw")
const rows = (...lines: string[]) => [...lines, ...Array(7 - lines.length).fill(". . . . . . .")].join("\n")

/** Seat 1's only building boxed in at the top-left corner by streets. */
const boxed = rows("B1 = . . . . .", "= . . . . . .", ". . . A1 . . .")

describe("Manhattan developability (rule text, 'Bankruptcy'; design 'Bankruptcy (digital)')", () => {
  it("'A building is considered developable so long as it can be added onto (by adding additional stories…)' — a free top", () => {
    const g = Given.game(2).board(rows("B1 B2 = . . . .", "= = . . . . ."), legend)
    expect(hasDevelopableBuilding(g.state, 1)).toBe(true)
  })

  it("'… or tearing off roofs' — a roof on one's own building", () => {
    const g = Given.game(2).board(rows("B1^ B2 = . . . .", "= = . . . . ."), legend)
    expect(hasDevelopableBuilding(g.state, 1)).toBe(true)
  })

  it("'… or by growing into free properties adjacent to the building' — no free top, no roof, no room: not developable", () => {
    const g = Given.game(2).board(boxed, legend)
    expect(hasDevelopableBuilding(g.state, 1)).toBe(false)
    expect(isInsolvent(g.state, 1)).toBe(true)
    const room = Given.game(2).board(rows("B1 = . . . . .", ". . . . . . ."), legend)
    expect(hasDevelopableBuilding(room.state, 1)).toBe(true)
  })

  it("'(Even if occupying this free property would cause a hostile takeover.)' — but not where the rival is as tall", () => {
    const taller = Given.game(2).board(rows("B2 = . . . . .", ". . . . . . .", "A1 . . . . . ."), legend)
    expect(hasDevelopableBuilding(taller.state, 1)).toBe(true)
    const equal = Given.game(2).board(rows("B2 = . . . . .", ". . . . . . .", "A2 . . . . . ."), legend)
    expect(hasDevelopableBuilding(equal.state, 1)).toBe(false)
  })

  it("design: a player with no building (both towers in hand) is not bankrupt", () => {
    const g = Given.game(2)
    expect(isInsolvent(g.state, 1)).toBe(false)
  })

  it("design: 'whether any of his buildings can still be developed' — a free tower does not save a player whose one building is dead", () => {
    const g = Given.game(2).board(boxed, legend)
    expect(g.state.towers[1]).toEqual([1, null])
    expect(isInsolvent(g.state, 1)).toBe(true)
  })
})

describe("Manhattan bankruptcy (rule text, 'Bankruptcy')", () => {
  it("'A player, who has no more developable buildings, must announce bankruptcy, if an opponent demands' — design: the demand is automatic at the start of his turn", () => {
    const g = quiet(Given.game(3).board(boxed, legend), 0, 2, 3)
    const r = g.when(0, quietMove(2, 3))
    expect(r.events.map((e) => e.type)).toEqual(["PawnsMoved", "PlayerBankrupt", "DiceRolled"])
    expect(r.events[1]).toEqual({
      type: "PlayerBankrupt",
      seat: 1,
      demandedBy: null,
      towers: [{ tower: 0, building: 1, x: 1, y: 1 }],
      buildings: [1],
      roofsReturned: 2,
    })
    expect(r.events[2]).toMatchObject({ seat: 2 })
  })

  it("'His two pawns and tower are taken from the game. His buildings remain' — ruling: his held roofs return to the supply", () => {
    const g = quiet(Given.game(3).board(boxed, legend), 0, 2, 3)
    const { state } = g.when(0, quietMove(2, 3)).match
    expect(state.bankrupt).toEqual([false, true, false])
    expect(state.pawns[1]).toEqual([null, null])
    expect(state.towers[1]).toEqual([null, null])
    expect(state.roofsHeld[1]).toBe(0)
    expect(state.supply.roofs).toBe(20 - 6 + 2)
    expect(state.buildings[1]).toMatchObject({
      owner: null,
      tower: null,
      towerCell: null,
      cells: [0],
      height: 1,
    })
    expect(state.cells[0]).toMatchObject({ kind: "building", top: "free" })
  })

  it("a bankrupt player has no more turns", () => {
    const g = quiet(Given.game(3).board(boxed, legend), 0, 2, 3)
    const m = g.when(0, quietMove(2, 3))
    g.push(...m.events)
    const next = quiet(g, 2, 2, 3).when(2, quietMove(2, 3))
    expect(next.events.at(-1)).toMatchObject({ type: "DiceRolled", seat: 0 })
  })

  it("option bankruptcyDemand 'manual': each opponent in seat order is asked; when all skip, the turn goes on", () => {
    const g = quiet(Given.game(3, { bankruptcyDemand: "manual" }).board(boxed, legend), 0, 2, 3)
    const moved = g.when(0, quietMove(2, 3))
    expect(moved.events.map((e) => e.type)).toEqual(["PawnsMoved"])
    expect(manhattan.pending(moved.match.state)).toEqual([{ seat: 2, kind: "demand" }])
    expect(manhattan.legalCommands(moved.match.state, 2)).toEqual([cmd.demand(), cmd.skip()])
    expect(manhattan.defaultCommand(moved.match.state, 2)).toEqual(cmd.skip())
    g.push(...moved.events)
    const first = g.when(2, cmd.skip())
    expect(first.events).toEqual([{ type: "Declined", seat: 2, decision: "demand" }])
    expect(manhattan.pending(first.match.state)).toEqual([{ seat: 0, kind: "demand" }])
    g.push(...first.events)
    const second = g.when(0, cmd.skip())
    expect(second.events.map((e) => e.type)).toEqual(["Declined", "DiceRolled"])
    expect(second.events[1]).toMatchObject({ seat: 1 })
  })

  it("option bankruptcyDemand 'manual': an opponent's demand makes the player announce bankruptcy", () => {
    const g = quiet(Given.game(3, { bankruptcyDemand: "manual" }).board(boxed, legend), 0, 2, 3)
    g.push(...g.when(0, quietMove(2, 3)).events)
    const r = g.when(2, cmd.demand())
    expect(r.events[0]).toMatchObject({ type: "PlayerBankrupt", seat: 1, demandedBy: 2 })
    expect(r.events[1]).toMatchObject({ type: "DiceRolled", seat: 2 })
  })

  it("'Alternately a player can win if all other players announce bankruptcy'", () => {
    const g = quiet(Given.game(2).board(boxed, legend), 0, 2, 3)
    const r = g.when(0, quietMove(2, 3))
    expect(only(r.events, "PlayerBankrupt", "GameEnded")).toMatchObject([
      { type: "PlayerBankrupt", seat: 1 },
      { type: "GameEnded", ranks: [1, 2], reason: "rules" },
    ])
  })
})
