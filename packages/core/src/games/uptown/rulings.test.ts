/**
 * The rulings of docs/rulings/uptown.md that the rule-sentence tests do not already pin, one test each,
 * named by ruling number.
 */
import { describe, expect, it } from "vitest"
import type { Card } from "./card.js"
import { CARDS } from "./cards.js"
import { START_MONEY } from "./data.js"
import { uptown } from "./index.js"
import type { State } from "./state.js"
import { cmd, find, History, only, plain } from "./testing.js"

const stateOf = (m: { state: unknown }) => m.state as State
const roofCard = find((p) => p.roof && p.requirement === "none" && !p.gift && p.income === "none")
const gift = find((p) => p.gift && !p.roof && p.requirement === "none")
/** A blue card whose two projects both need an empty site. */
const twoGround = CARDS.find(
  (c) => c.bar === "blue" && c.faces[0]?.projects.every((p) => p.requirement === "ground" && !p.gift),
) as Card

/** A street whose five sites are all taken: ground-only projects fit nowhere on it. */
const crowded = (h: History, seat: number) => {
  for (const site of [0, 1, 2, 3, 4]) h.build(seat, site, plain())
  return h
}

describe("rulings", () => {
  it("1a. a bought card that fits nowhere is discarded by the rules, face down; the price stays paid; the turn ends", () => {
    const h = crowded(History.game(2), 0).toSecond(0).buy(0, 1, twoGround.id)
    expect(uptown.legalCommands(h.state, 0)).toEqual([])
    expect(h.state.money[0]).toBe(START_MONEY - twoGround.cost)
    const events = uptown.advance(h.state)
    expect(events).toEqual([{ type: "CardDiscarded", seat: 0, source: "bought", forced: true }])
    h.push(...events)
    expect(h.state.money[0]).toBe(START_MONEY - twoGround.cost)
    expect(h.state.discards.at(-1)).toEqual({ seat: 0, card: twoGround.id, source: "bought" })
    expect(uptown.advance(h.state)).toEqual([{ type: "TurnEnded", seat: 0, next: 1 }])
  })

  it("1b. a card bought must be played when it fits somewhere: it cannot be discarded", () => {
    const h = History.game(2).toSecond(0).buy(0, 1, plain().card)
    expect(h.when(0, cmd.discard()).violation?.rule).toBe("uptown.discard.must-play")
    expect(uptown.legalCommands(h.state, 0).some((c) => c.type === "DiscardCard")).toBe(false)
  })

  it("2. upcoins are collected only by the deck's owner, as its 1st action — nobody else can take them", () => {
    const h = History.game(3).toSecond(0).buy(0, 2, plain().card)
    const r = h.when(0, cmd.place(plain(), 0, 0))
    expect(only(r.events, "UpcoinsCollected")).toEqual([])
    expect(only(r.events, "CardDrawn")[0]?.seat).toBe(1)
    expect(stateOf(r.match).upcoins[2]).toBeGreaterThan(0)
  })

  it("3. a gift is a project of the street it is built on: its income and prestige are the receiver's", () => {
    const h = History.game(2).draw(0, gift.card)
    const r = h.when(0, cmd.place(gift, 0, 1))
    const s = stateOf(r.match)
    expect(s.values[0]).toEqual({ income: 0, prestige: 0 })
    expect(s.values[1]).not.toEqual({ income: 0, prestige: 0 })
  })

  it("5. negative prestige counts: a score can fall below zero", () => {
    const minus4 = find((p) => p.prestige === "-4" && p.requirement === "none" && !p.roof)
    const minus3 = find((p) => p.prestige === "-3" && p.requirement === "none" && !p.roof)
    const h = History.game(2).build(0, 0, minus4).build(0, 1, minus3).money(0, -10)
    h.state = { ...h.state, step: { kind: "over" } }
    expect(uptown.outcome(h.state)?.scores[0]).toBeLessThan(0)
  })

  it("6. no purchase from an empty deck, no public card from an empty pile; with neither, the 2nd action is skipped", () => {
    const h = History.game(2).toSecond(0)
    h.state = { ...h.state, deckSizes: [0, 0], topCosts: [null, null], publicTop: null, publicSize: 0 }
    expect(h.when(0, cmd.buy(1)).violation?.rule).toBe("uptown.buy.deck-empty")
    expect(h.when(0, cmd.takePublic()).violation?.rule).toBe("uptown.public.pile-empty")
    expect(uptown.legalCommands(h.state, 0)).toEqual([])
    expect(uptown.advance(h.state)).toEqual([{ type: "FinalRoundTriggered", reason: "deck-empty", of: 0 }])
    h.push({ type: "FinalRoundTriggered", reason: "deck-empty", of: 0 })
    expect(uptown.advance(h.state)).toEqual([{ type: "NothingTaken", seat: 0 }])
  })

  it("7. each deck's top card shows its cost (the blue bar) to everyone; the card bought costs that much", () => {
    const h = History.game(3, { topCost: 5 }).toSecond(0)
    expect(uptown.view(h.state, { kind: "spectator" }).topCosts).toEqual([5, 5, 5])
    expect(only(h.when(0, cmd.buy(2)).events, "CardBought")[0]?.cost).toBe(5)
  })

  it("8. the public pile lies face up: its top card, both faces, is public", () => {
    const h = History.game(2, { publicTop: 90 })
    expect(uptown.view(h.state, { kind: "spectator" }).publicTop).toBe(90)
    const r = h.toSecond(0).when(0, cmd.takePublic())
    const view = uptown.view(stateOf(r.match), { kind: "seat", seat: 1 })
    expect(view.hand).toEqual({ seat: 0, card: 90, source: "public" })
    expect(view.holding).toEqual({ seat: 0, source: "public", card: 90 })
  })

  it("9. the bank never runs out: income is paid even past the bank's reference amount", () => {
    const two = find((p) => p.income === "$+2" && p.requirement === "none" && !p.roof && !p.gift)
    const h = History.game(2).money(1, 5000).build(0, 0, two).draw(0, roofCard.card)
    const r = h.when(0, cmd.place(roofCard, 1, 0))
    expect(only(r.events, "IncomeEarned")[0]?.amount).toBe(2)
    expect(stateOf(r.match).bank).toBeLessThan(0)
  })

  it("10. the 1st action is no choice: upcoins if there are any, else the top card, else nothing (an empty deck)", () => {
    const h = History.game(2, { start: 1 })
      .toSecond(1)
      .push({ type: "PublicCardTaken", seat: 1, card: 84, nextTop: 85 })
    h.state = { ...h.state, deckSizes: [0, 21], topCosts: [null, 3] }
    h.push({ type: "FinalRoundTriggered", reason: "deck-empty", of: 0 })
    const open = find((p) => p.requirement === "none" && !p.gift, "green")
    const r = h.when(1, cmd.place(open, 0, 1))
    expect(only(r.events, "NothingDrawn")).toEqual([{ type: "NothingDrawn", seat: 0 }])
    expect(uptown.pending(stateOf(r.match))).toEqual([{ seat: 0, kind: "buy-or-take" }])
  })

  it("11. the 2nd action is compulsory when possible: there is no pass", () => {
    const h = History.game(2).toSecond(0)
    const legal = uptown.legalCommands(h.state, 0)
    expect(legal.length).toBeGreaterThan(0)
    expect(legal.every((c) => c.type === "BuyCard" || c.type === "TakePublicCard")).toBe(true)
  })

  it("12. a site stays finished under a project built on top of its roof, and pays no second income", () => {
    const onRoof = find((p) => p.requirement === "on-roof" && !p.gift)
    const h = History.game(2).build(0, 0, roofCard).draw(0, onRoof.card)
    const r = h.when(0, cmd.place(onRoof, 0, 0))
    expect(only(r.events, "IncomeEarned")).toEqual([])
    expect(stateOf(r.match).streets[0]?.[0]).toMatchObject({ roofed: true })
  })

  it("13. upcoins still lying on a deck at the end are in nobody's account and score nothing", () => {
    const h = History.game(2).toSecond(0).buy(0, 1, plain().card)
    h.state = { ...h.state, step: { kind: "over" } }
    const paid = h.state.upcoins[1] as number
    expect(paid).toBeGreaterThan(0)
    expect(uptown.outcome(h.state)?.scores[1]).toBe(Math.floor(START_MONEY / 3))
  })

  it("17. a gift obeys its own requirement on the receiving site; a no-gifts project may join a site that already holds a gift", () => {
    const guard = find((p) => p.noGifts && !p.roof && p.requirement === "none")
    const h = History.game(2).build(1, 0, gift, 0).draw(1, guard.card)
    h.state = { ...h.state, current: 1 }
    expect(h.when(1, cmd.place(guard, 0, 1)).violation).toBeNull()
  })

  it("21. income is counted with the roof card in place: its own icons count", () => {
    const paying = find((p) => p.roof && p.requirement === "none" && !p.gift && p.income === "$+2")
    const h = History.game(2).draw(0, paying.card)
    const r = h.when(0, cmd.place(paying, 0, 0))
    expect(only(r.events, "IncomeEarned")).toEqual([
      { type: "IncomeEarned", seat: 0, site: 0, income: 2, amount: 2 },
    ])
  })
})
