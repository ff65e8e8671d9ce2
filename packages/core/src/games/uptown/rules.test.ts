/**
 * Given/when/then, one test per sentence of the rule text (`../shared/rules/uptown.txt`), each named by the
 * sentence it checks.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { start } from "../../kernel/match.js"
import type { Card, Project } from "./card.js"
import { CARDS } from "./cards.js"
import { COST } from "./chance.js"
import { BANK, START_MONEY } from "./data.js"
import { uptown } from "./index.js"
import type { State } from "./state.js"
import { cmd, find, History, only, plain, projectOf } from "./testing.js"

const started = (seats: number, seed = "rules") => {
  const r = start(uptown, {}, seats, seed)
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}
const stateOf = (m: { state: unknown }) => m.state as State

/** A public card with a plain project I on face A (fits any site that is not finished). */
const publicPlain = find(
  (p) => p.requirement === "none" && !p.gift && !p.roof && !p.noGifts && /^[+-]\d$/.test(p.prestige),
  "green",
)
/** A seat in its 2nd action's placement with a public card: `when(place)` ends its turn. */
const endingTurn = (h: History, seat: number) =>
  h.toSecond(seat).push({ type: "PublicCardTaken", seat, card: publicPlain.card, nextTop: 85 })

describe("Preparation", () => {
  it("A. 'Separate the public project cards … stack them into a public deck in the center of the table. These cards cost zero.'", () => {
    const { match } = started(3)
    const s = stateOf(match)
    expect(s.publicSize).toBe(28)
    expect(CARDS[s.publicTop as number]?.bar).toBe("green")
    expect(CARDS.filter((c) => c.bar === "green").every((c) => c.cost === 0)).toBe(true)
  })

  it("B. 'Shuffle the remaining project cards and deal them all out evenly among the players' — 42 / 28 / 21", () => {
    for (const [seats, size] of [
      [2, 42],
      [3, 28],
      [4, 21],
    ] as const) {
      const { events } = started(seats)
      const dealt = only(events, "TableDealt")[0]
      expect(dealt?.deckSizes).toEqual(Array(seats).fill(size))
      expect(dealt?.topCosts.every((c) => c >= 1 && c <= 8)).toBe(true)
    }
  })

  it("C. 'randomly deal one [street board] to each player. Whoever receives the symbol I starts the game.'", () => {
    const starts = new Set<number>()
    for (let i = 0; i < 40; i++) {
      const { events, match } = started(4, `boards-${i}`)
      const dealt = only(events, "TableDealt")[0]
      expect([...(dealt?.boards ?? [])].sort()).toEqual([1, 2, 3, 4])
      expect(dealt?.start).toBe(dealt?.boards.indexOf(1))
      expect(stateOf(match).current).toBe(dealt?.start)
      expect(only(events, "CardDrawn")[0]?.seat).toBe(dealt?.start)
      starts.add(dealt?.start as number)
    }
    expect(starts.size).toBe(4)
  })

  it("D. 'Each player takes $10 … This is each player's starting account.' E. the rest forms the bank", () => {
    const s = stateOf(started(3).match)
    expect(s.money).toEqual([START_MONEY, START_MONEY, START_MONEY])
    expect(s.bank).toBe(BANK - 3 * START_MONEY)
  })
})

describe("Sequence of play", () => {
  it("'Players take turns in clockwise order, starting with whichever player has the street board with the symbol I.'", () => {
    const h = endingTurn(History.game(3, { start: 2 }), 2)
    expect(h.state.current).toBe(2)
    const r = h.when(2, cmd.place(publicPlain, 0, 2))
    expect(only(r.events, "TurnEnded")).toEqual([{ type: "TurnEnded", seat: 2, next: 0 }])
    expect(only(r.events, "CardDrawn")[0]?.seat).toBe(0)
  })

  it("'A player turn consists of doing two actions in this order' — the 1st action's card, then the 2nd action", () => {
    const h = History.game(2).draw(0, plain().card)
    expect(uptown.pending(h.state)).toEqual([{ seat: 0, kind: "play-or-discard" }])
    expect(h.when(0, cmd.buy(0)).violation?.rule).toBe("uptown.buy.not-now")
    const r = h.when(0, cmd.discard())
    expect(uptown.pending(stateOf(r.match))).toEqual([{ seat: 0, kind: "buy-or-take" }])
  })

  it("'After doing both actions, a player's turn ends, and the next player (to the left) starts their turn.'", () => {
    const h = endingTurn(History.game(2), 0)
    const r = h.when(0, cmd.place(publicPlain, 0, 0))
    expect(r.events.map((e) => e.type)).toEqual(["CardPlaced", "TurnEnded", "CardDrawn"])
    expect(stateOf(r.match).current).toBe(1)
  })
})

describe("1st action", () => {
  it("'If your player deck does not currently have upcoins on it, take its top card for free.'", () => {
    const h = endingTurn(History.game(2, { topCost: 4 }), 0)
    const r = h.when(0, cmd.place(publicPlain, 0, 0))
    const drawn = only(r.events, "CardDrawn")[0]
    expect(drawn).toMatchObject({ seat: 1, cost: 4 })
    expect(COST[drawn?.card as number]).toBe(4)
    const s = stateOf(r.match)
    expect(s.money[1]).toBe(START_MONEY)
    expect(s.deckSizes[1]).toBe(41)
    expect(s.topCosts[1]).toBe(drawn?.nextTopCost)
  })

  it("'You can play it on a street site or discard it.'", () => {
    const card = plain().card
    const h = History.game(2).draw(0, card)
    const legal = uptown.legalCommands(h.state, 0)
    expect(legal).toContainEqual(cmd.discard())
    expect(legal).toContainEqual({ type: "PlaceCard", street: 0, site: 3, face: 0, project: 0 })
    expect(h.when(0, cmd.discard()).events).toEqual([
      { type: "CardDiscarded", seat: 0, source: "free", forced: false },
    ])
    const placed = h.when(0, { type: "PlaceCard", street: 0, site: 3, face: 0, project: 0 })
    expect(placed.events[0]).toMatchObject({ type: "CardPlaced", card, street: 0, site: 3, floor: 0 })
  })

  it("'You cannot turn a project card to its back side, but you can rotate it to choose one of its two projects.'", () => {
    const card = plain().card
    const h = History.game(2).draw(0, card)
    const r = h.when(0, { type: "PlaceCard", street: 0, site: 0, face: 1, project: 0 })
    expect(r.violation?.rule).toBe("uptown.place.no-such-face")
    const rotated = CARDS[card]?.faces[0]?.projects[1]
    const legal = uptown.legalCommands(h.state, 0)
    expect(legal.some((c) => c.type === "PlaceCard" && c.face === 1)).toBe(false)
    if (rotated?.requirement !== "upper" && rotated?.requirement !== "on-roof" && !rotated?.gift)
      expect(legal).toContainEqual({ type: "PlaceCard", street: 0, site: 0, face: 0, project: 1 })
  })

  it("'or, if your player deck has upcoins $ on it, take them to your account.'", () => {
    const cost = COST[plain().card] as number
    const h = History.game(2, { start: 1 }).toSecond(1).buy(1, 0, plain().card)
    // seat 1 plays what it bought; seat 0's turn begins with the upcoins on its deck
    const r = h.when(1, cmd.place(plain(), 1, 1))
    expect(only(r.events, "UpcoinsCollected")).toEqual([{ type: "UpcoinsCollected", seat: 0, amount: cost }])
    expect(only(r.events, "CardDrawn")).toEqual([])
    const s = stateOf(r.match)
    expect(s.money[0]).toBe(START_MONEY + cost)
    expect(s.upcoins[0]).toBe(0)
    expect(uptown.pending(s)).toEqual([{ seat: 0, kind: "buy-or-take" }])
  })

  it("'While there are upcoins $ on your player deck, no one can buy a card from it.' — its owner neither", () => {
    const h = History.game(3).toSecond(0)
    h.push({ type: "CardBought", seat: 0, deck: 1, card: plain().card, cost: 3, nextTopCost: 3 })
    h.push({ type: "CardDiscarded", seat: 0, source: "bought", forced: true }).turnTo(1).toSecond(1)
    expect(h.when(1, cmd.buy(1)).violation?.rule).toBe("uptown.buy.deck-blocked")
    expect(uptown.legalCommands(h.state, 1)).not.toContainEqual(cmd.buy(1))
    expect(uptown.legalCommands(h.state, 1)).toContainEqual(cmd.buy(2))
  })
})

describe("2nd action", () => {
  it("'If you buy it from your own deck, pay the card's cost in upcoins $ to the bank.'", () => {
    const h = History.game(2, { topCost: 4 }).toSecond(0)
    const r = h.when(0, cmd.buy(0))
    const bought = only(r.events, "CardBought")[0]
    expect(bought).toMatchObject({ seat: 0, deck: 0, cost: 4 })
    const s = stateOf(r.match)
    expect(s.money[0]).toBe(START_MONEY - 4)
    expect(s.bank).toBe(h.state.bank + 4)
    expect(s.upcoins).toEqual([0, 0])
    expect(s.deckSizes[0]).toBe((h.state.deckSizes[0] as number) - 1)
  })

  it("'If you buy it from an opponent's deck, put the card's cost in upcoins $ onto their player deck.'", () => {
    const h = History.game(2, { topCost: 6 }).toSecond(0)
    const r = h.when(0, cmd.buy(1))
    const s = stateOf(r.match)
    expect(s.money[0]).toBe(START_MONEY - 6)
    expect(s.upcoins).toEqual([0, 6])
    expect(s.bank).toBe(h.state.bank)
    expect(s.deckSizes[1]).toBe(41)
  })

  it("'Buy the top project card' — the card comes from the unseen cards of the cost showing; the next top shows its cost", () => {
    const h = History.game(4, { topCost: 2 }).toSecond(0)
    for (const deck of [0, 1, 2, 3]) {
      const r = h.when(0, cmd.buy(deck))
      const bought = only(r.events, "CardBought")[0]
      expect(COST[bought?.card as number]).toBe(2)
      expect(stateOf(r.match).topCosts[deck]).toBe(bought?.nextTopCost)
      expect(stateOf(r.match).hand).toEqual({ seat: 0, card: bought?.card, source: "bought" })
    }
  })

  it("'or take the top project card for free from the public pile. You can turn it over to its other side, and you can rotate it.'", () => {
    // a public card with a project that fits an empty street on each face
    const open = (p: Project) => p.requirement !== "upper" && p.requirement !== "on-roof"
    const top = CARDS.find((c) => c.bar === "green" && c.faces.every((f) => f.projects.some(open))) as Card
    const h = History.game(2, { publicTop: top.id }).toSecond(0)
    const r = h.when(0, cmd.takePublic())
    expect(r.events[0]).toMatchObject({ type: "PublicCardTaken", seat: 0, card: top.id })
    const s = stateOf(r.match)
    expect(s.money[0]).toBe(START_MONEY)
    expect(s.publicSize).toBe(27)
    expect(s.publicTop).toBe(only(r.events, "PublicCardTaken")[0]?.nextTop)
    const choices = new Set(
      uptown.legalCommands(s, 0).flatMap((c) => (c.type === "PlaceCard" ? [`${c.face}/${c.project}`] : [])),
    )
    const expected = [0, 1].flatMap((face) =>
      [0, 1].flatMap((project) =>
        open(top.faces[face]?.projects[project] as Project) ? [`${face}/${project}`] : [],
      ),
    )
    expect([...choices].sort()).toEqual(expected.sort())
    expect(choices.has("1/0") || choices.has("1/1")).toBe(true)
  })

  it("'Buy and play the top card' (Rule Summary) — buying needs the cost in the account (ruling 6)", () => {
    const h = History.game(2, { topCost: 8 }).money(0, -5).toSecond(0)
    expect(h.when(0, cmd.buy(1)).violation?.rule).toBe("uptown.buy.cannot-afford")
    expect(uptown.legalCommands(h.state, 0)).toEqual([cmd.takePublic()])
  })
})

describe("Play a card", () => {
  const ground = find((p) => p.requirement === "ground" && !p.roof && !p.gift)
  const upper = find((p) => p.requirement === "upper" && !p.roof && !p.gift)
  const roof = find((p) => p.requirement === "none" && p.roof && !p.gift)
  const onRoof = find((p) => p.requirement === "on-roof" && !p.gift)

  it("'place a project card there, so that the card's top project is visible' — each card is one floor more", () => {
    const h = History.game(2).build(0, 2, plain()).build(0, 2, plain(1)).draw(0, plain(2).card)
    const r = h.when(0, cmd.place(plain(2), 2, 0))
    expect(r.events[0]).toMatchObject({ type: "CardPlaced", street: 0, site: 2, floor: 2 })
    expect(stateOf(r.match).streets[0]?.[2]?.cards.map((c) => c.card)).toEqual([
      plain().card,
      plain(1).card,
      plain(2).card,
    ])
  })

  it("'Some projects must be placed only as the ground floor (as the first card on a site …)'", () => {
    const h = History.game(2).build(0, 0, plain()).draw(0, ground.card)
    expect(h.when(0, cmd.place(ground, 0, 0)).violation?.rule).toBe("uptown.place.ground-floor")
    expect(h.when(0, cmd.place(ground, 1, 0)).violation).toBeNull()
  })

  it("'… and some other projects must be placed only on an upper floor (not as the first card …)'", () => {
    const h = History.game(2).build(0, 0, plain()).draw(0, upper.card)
    expect(h.when(0, cmd.place(upper, 1, 0)).violation?.rule).toBe("uptown.place.upper-floor")
    expect(h.when(0, cmd.place(upper, 0, 0)).violation).toBeNull()
  })

  it("'If a site has been finished with a roof, then no additional projects can be added there, unless a card has the symbol for a project built on top of a roof.'", () => {
    const h = History.game(2).build(0, 0, roof).draw(0, plain().card)
    expect(h.when(0, cmd.place(plain(), 0, 0)).violation?.rule).toBe("uptown.place.site-finished")
    const g = History.game(2).build(0, 0, roof).draw(0, onRoof.card)
    expect(g.when(0, cmd.place(onRoof, 0, 0)).violation).toBeNull()
    expect(g.when(0, cmd.place(onRoof, 1, 0)).violation?.rule).toBe("uptown.place.needs-roof")
  })

  it("'Choose a site on your street' — only a gift goes onto an opponent's site", () => {
    const h = History.game(2).draw(0, plain().card)
    expect(h.when(0, cmd.place(plain(), 0, 1)).violation?.rule).toBe("uptown.place.not-your-street")
    expect(h.when(0, cmd.place(plain(), 5, 0)).violation?.rule).toBe("uptown.place.no-such-site")
  })

  it("'Gift - you can place this only on an opponent's site.'", () => {
    const gift = find((p) => p.gift && !p.roof && p.requirement === "none")
    const h = History.game(3).draw(0, gift.card)
    expect(h.when(0, cmd.place(gift, 0, 0)).violation?.rule).toBe("uptown.place.gift-on-own-street")
    const r = h.when(0, cmd.place(gift, 4, 2))
    expect(r.violation).toBeNull()
    expect(stateOf(r.match).streets[2]?.[4]?.cards).toEqual([{ ...gift, by: 0 }])
    const legal = uptown
      .legalCommands(h.state, 0)
      .filter((c) => c.type === "PlaceCard" && c.project === gift.project)
    expect(legal.every((c) => c.type === "PlaceCard" && c.street !== 0)).toBe(true)
    expect(legal).toHaveLength(10)
  })

  it("'No gifts - no gifts can be built on this site.'", () => {
    const gift = find((p) => p.gift && !p.roof && p.requirement === "none")
    const guard = find((p) => p.noGifts && !p.roof)
    const h = History.game(2).build(1, 3, guard).draw(0, gift.card)
    expect(h.when(0, cmd.place(gift, 3, 1)).violation?.rule).toBe("uptown.place.no-gifts-site")
    expect(h.when(0, cmd.place(gift, 2, 1)).violation).toBeNull()
  })

  it("'You cannot change the positions of cards after playing them.' — no command moves a card", () => {
    const h = History.game(2).build(0, 0, plain()).toSecond(0)
    expect(
      uptown.legalCommands(h.state, 0).every((c) => c.type === "BuyCard" || c.type === "TakePublicCard"),
    ).toBe(true)
  })
})

describe("Earn income", () => {
  const roofNoIncome = find((p) => p.roof && p.requirement === "none" && p.income === "none" && !p.gift)

  it("'When a site becomes finished with a roof, the site's owner immediately calculates the total income from all their street's sites (whether finished or not) and takes that many upcoins from the bank.'", () => {
    const two = find((p) => p.income === "$+2" && p.requirement === "none" && !p.roof && !p.gift)
    const h = History.game(2).build(0, 0, two).build(0, 1, two).draw(0, roofNoIncome.card)
    const r = h.when(0, cmd.place(roofNoIncome, 1, 0))
    expect(r.events[1]).toEqual({ type: "IncomeEarned", seat: 0, site: 1, income: 4, amount: 4 })
    const s = stateOf(r.match)
    expect(s.money[0]).toBe(START_MONEY + 4)
    expect(s.bank).toBe(h.state.bank - 4)
    expect(s.streets[0]?.[1]?.roofed).toBe(true)
  })

  it("the rule text's example: Mario's park finishes his last empty site and earns $6 (store $2, store $1 per apartment × 3, $1)", () => {
    const store2 = find(
      (p) => p.type === "store" && p.requirement === "ground" && p.income === "$+2" && !p.roof,
    )
    const flat = find(
      (p) =>
        p.type === "apartment" && p.income === "none" && !p.roof && !p.double && p.requirement === "none",
    )
    const perApartment = find((p) => p.type === "store" && p.income === "$+1/apartment@street" && !p.roof)
    const apartment1 = find(
      (p) => p.type === "apartment" && p.income === "$+1" && !p.roof && !p.double && p.requirement === "none",
    )
    const park = find(
      (p) => p.type === "service" && p.requirement === "ground" && p.roof && p.income === "none",
    )
    const h = History.game(2)
      .build(0, 0, store2)
      .build(0, 1, flat)
      .build(0, 1, flat)
      .build(0, 3, perApartment)
      .build(0, 4, apartment1)
      .toSecond(0)
      .buy(0, 1, park.card)
    const asPark = uptown
      .legalCommands(h.state, 0)
      .filter((c) => c.type === "PlaceCard" && c.project === park.project)
    expect(asPark).toEqual([cmd.place(park, 2, 0)])
    const r = h.when(0, cmd.place(park, 2, 0))
    expect(only(r.events, "IncomeEarned")).toEqual([
      { type: "IncomeEarned", seat: 0, site: 2, income: 6, amount: 6 },
    ])
  })

  it("'When a site becomes finished with a gift from another player, the income goes to the site owner, not the giver.'", () => {
    const giftRoof = find((p) => p.gift && p.roof)
    const two = find((p) => p.income === "$+2" && p.requirement === "none" && !p.roof && !p.gift)
    const h = History.game(2).build(1, 0, two).draw(0, giftRoof.card)
    const r = h.when(0, cmd.place(giftRoof, 0, 1))
    expect(only(r.events, "IncomeEarned")).toEqual([
      { type: "IncomeEarned", seat: 1, site: 0, income: 2, amount: 2 },
    ])
    expect(stateOf(r.match).money).toEqual([START_MONEY, START_MONEY + 2])
  })

  it("'If your total income is 0, or negative, then you simply take no upcoins $ from the bank.'", () => {
    const minus = find((p) => p.income === "$-2" && !p.roof && !p.gift)
    const h = History.game(2).build(0, 0, minus).draw(0, roofNoIncome.card)
    const r = h.when(0, cmd.place(roofNoIncome, 1, 0))
    expect(only(r.events, "IncomeEarned")).toEqual([
      { type: "IncomeEarned", seat: 0, site: 1, income: -2, amount: 0 },
    ])
    expect(stateOf(r.match).money[0]).toBe(START_MONEY)
  })

  it("a project without a roof finishes nothing and earns nothing", () => {
    const h = History.game(2).draw(0, plain().card)
    expect(only(h.when(0, cmd.place(plain(), 0, 0)).events, "IncomeEarned")).toEqual([])
  })
})

describe("Game end", () => {
  it("'When any player deck becomes empty … that triggers the final round.'", () => {
    const h = History.game(2, { start: 0 }).toSecond(0)
    h.push({ type: "CardBought", seat: 0, deck: 1, card: plain().card, cost: 3, nextTopCost: null })
    h.state = { ...h.state, deckSizes: [10, 0] }
    const r = h.when(0, cmd.place(plain(), 0, 0))
    expect(only(r.events, "FinalRoundTriggered")).toEqual([
      { type: "FinalRoundTriggered", reason: "deck-empty", of: 1 },
    ])
  })

  it("'… or all 5 sites of any street are all finished (roof), that triggers the final round.'", () => {
    const roof = find((p) => p.roof && p.requirement === "none" && !p.gift)
    const h = History.game(2, { start: 1 })
    for (const site of [0, 1, 2, 3]) h.build(0, site, roof)
    h.turnTo(0).draw(0, roof.card)
    const r = h.when(0, cmd.place(roof, 4, 0))
    expect(only(r.events, "FinalRoundTriggered")).toEqual([
      { type: "FinalRoundTriggered", reason: "street-finished", of: 0 },
    ])
    expect(only(r.events, "TurnEnded")).toEqual([])
  })

  it("'Complete the current round (… until the end of the turn of the last player, sitting to the right of the starting player), and then the game is over.'", () => {
    const h = History.game(3, { start: 1 })
    h.push({ type: "FinalRoundTriggered", reason: "deck-empty", of: 2 })
    // seat 1 starts, so seat 0 is the last of the round
    const mid = endingTurn(h.turnTo(2), 2).when(2, cmd.place(publicPlain, 0, 2))
    expect(only(mid.events, "TurnEnded")).toEqual([{ type: "TurnEnded", seat: 2, next: 0 }])
    expect(mid.match.ended).toBeNull()
    const last = History.game(3, { start: 1 }).turnTo(2).turnTo(0)
    last.push({ type: "FinalRoundTriggered", reason: "deck-empty", of: 2 })
    const r = endingTurn(last, 0).when(0, cmd.place(publicPlain, 0, 0))
    expect(only(r.events, "TurnEnded")).toEqual([{ type: "TurnEnded", seat: 0, next: null }])
    expect(r.events.at(-1)?.type).toBe("GameEnded")
  })

  it("the final round triggered during the last player's own turn ends the game with that turn", () => {
    const roof = find((p) => p.roof && p.requirement === "none" && !p.gift)
    const h = History.game(2, { start: 0 })
    for (const site of [0, 1, 2, 3]) h.build(1, site, roof)
    h.turnTo(1).toSecond(1).buy(1, 1, roof.card)
    const r = h.when(1, cmd.place(roof, 4, 1))
    expect(r.events.map((e) => e.type)).toEqual([
      "CardPlaced",
      "IncomeEarned",
      "FinalRoundTriggered",
      "TurnEnded",
      "GameEnded",
    ])
  })
})

describe("Scoring", () => {
  /** The last seat of the round (the seat to the right of seat 0, who starts) plays the game's last card. */
  const over = (h: History) => {
    const seat = h.state.last
    h.turnTo(seat).push({ type: "FinalRoundTriggered", reason: "deck-empty", of: 0 })
    return endingTurn(h, seat).when(seat, cmd.place(publicPlain, 4, seat))
  }
  const ended = (r: ReturnType<typeof over>) =>
    r.match.ended as { ranks: ReadonlyArray<number>; scores: ReadonlyArray<number> }

  it("'sum the prestige points (star) for all projects on your street. Add 1 prestige point for every $3 in your account.'", () => {
    const five = find((p) => p.prestige === "+5" && p.requirement === "none" && !p.roof)
    const h = History.game(2).build(0, 0, five).build(1, 0, five).money(0, 1).money(1, 4)
    const r = over(h)
    const publicPrestige = Number(projectOf(publicPlain).prestige)
    // seat 0: 5 + ⌊11 / 3⌋ = 8; seat 1: 5 + public card + ⌊14 / 3⌋
    expect(ended(r).scores).toEqual([8, 5 + publicPrestige + 4])
  })

  it("'Whoever has the most prestige points (star) wins.'", () => {
    const six = find((p) => p.prestige === "+6")
    const r = over(History.game(3).build(2, 0, six).build(2, 1, six))
    expect(ended(r).ranks[2]).toBe(1)
  })

  it("'In case of a tie for high score, the tied player with the tallest building wins.'", () => {
    const none = find((p) => p.prestige === "none" && p.requirement === "none" && !p.roof && !p.gift)
    const h = History.game(2).build(0, 0, none).build(0, 0, none).build(0, 0, none).build(1, 1, none)
    h.build(1, 2, none).build(1, 3, none)
    h.state = { ...h.state, step: { kind: "over" } }
    expect(uptown.outcome(h.state)).toEqual({ ranks: [1, 2], scores: [3, 3] })
  })

  it("'If there is still a tie, they enjoy a shared victory.'", () => {
    const none = find((p) => p.prestige === "none" && p.requirement === "none" && !p.roof && !p.gift)
    const h = History.game(3).build(0, 0, none).build(1, 4, none)
    h.state = { ...h.state, step: { kind: "over" } }
    expect(uptown.outcome(h.state)?.ranks).toEqual([1, 1, 3])
  })
})
