import { Result } from "effect"
import type { Seat } from "../../kernel/game.js"
import { type RuleViolation, violation } from "../../kernel/violation.js"
import { drawFromDeck, turnUpPublic } from "./chance.js"
import type { BuyCard, Command, PlaceCard } from "./commands.js"
import type { Event } from "./events.js"
import { facesOf, projectAt, REQ_GROUND, REQ_ON_ROOF, REQ_UPPER } from "./projects.js"
import { canBuy, canPlace } from "./rules.js"
import type { State } from "./state.js"
import { build, SITES, streetValue } from "./street.js"

type Decided = Result.Result<ReadonlyArray<Event>, RuleViolation>
const refuse = (rule: string, message: string): Decided => Result.fail(violation(rule, message))

/** Why a placement is refused (rule text, "Play a card" and "Requirements"), or null when it is legal. */
const placementProblem = (state: State, seat: Seat, card: number, c: PlaceCard): RuleViolation | null => {
  if ((c.face !== 0 && c.face !== 1) || (c.project !== 0 && c.project !== 1))
    return violation("uptown.place.no-such-project", "face and project are 0 or 1")
  if (c.face >= facesOf(card))
    return violation("uptown.place.no-such-face", "a blue-bar card cannot be turned to its back side")
  if (!Number.isInteger(c.street) || c.street < 0 || c.street >= state.seats)
    return violation("uptown.place.no-such-street", `street ${c.street} is not at this table`)
  if (!Number.isInteger(c.site) || c.site < 0 || c.site >= SITES)
    return violation("uptown.place.no-such-site", `a street has sites 0–${SITES - 1}, not ${c.site}`)
  const p = projectAt(card, c.face, c.project)
  if (p.gift && c.street === seat)
    return violation("uptown.place.gift-on-own-street", "a gift can be placed only on an opponent's site")
  if (!p.gift && c.street !== seat)
    return violation("uptown.place.not-your-street", "only a gift may be placed on an opponent's site")
  const site = state.streets[c.street]?.[c.site]
  if (!site) return violation("uptown.place.no-such-site", `no site ${c.site}`)
  if (p.gift && site.noGifts)
    return violation("uptown.place.no-gifts-site", "no gifts can be built on this site")
  if (site.roofed && p.requirement !== REQ_ON_ROOF)
    return violation(
      "uptown.place.site-finished",
      "a site finished with a roof takes only a project built on top of a roof",
    )
  if (!site.roofed && p.requirement === REQ_ON_ROOF)
    return violation("uptown.place.needs-roof", "this project must be built on top of a roof")
  if (p.requirement === REQ_GROUND && site.cards.length > 0)
    return violation("uptown.place.ground-floor", "this project must be the first card on a site")
  if (p.requirement === REQ_UPPER && site.cards.length === 0)
    return violation("uptown.place.upper-floor", "this project cannot be the first card on a site")
  return null
}

/** The events of a legal placement: the card placed and, if its roof finishes the site, the income. */
const place = (state: State, seat: Seat, card: number, c: PlaceCard): Event[] => {
  const street = state.streets[c.street] as State["streets"][number]
  const site = street[c.site] as (typeof street)[number]
  const p = projectAt(card, c.face, c.project)
  const events: Event[] = [
    {
      type: "CardPlaced",
      seat,
      street: c.street,
      site: c.site,
      card,
      face: c.face,
      project: c.project,
      floor: site.cards.length,
    },
  ]
  if (p.roof && !site.roofed) {
    const built = street.slice()
    built[c.site] = build(site, { card, face: c.face, project: c.project, by: seat }, p)
    const income = streetValue(built).income
    events.push({ type: "IncomeEarned", seat: c.street, site: c.site, income, amount: Math.max(0, income) })
  }
  return events
}

const placeCard = (state: State, seat: Seat, c: PlaceCard): Decided => {
  const hand = state.hand
  if ((state.step.kind !== "free" && state.step.kind !== "place") || hand === null)
    return refuse("uptown.place.no-card", "you hold no card to play now")
  const problem = placementProblem(state, seat, hand.card, c)
  if (problem) return Result.fail(problem)
  return Result.succeed(place(state, seat, hand.card, c))
}

const discardCard = (state: State, seat: Seat): Decided => {
  if (state.step.kind !== "free" || state.hand === null)
    return refuse(
      "uptown.discard.must-play",
      state.step.kind === "place"
        ? "a bought or public card must be played when it fits somewhere (ruling 1)"
        : "you hold no card to discard now",
    )
  return Result.succeed([{ type: "CardDiscarded", seat, source: "free", forced: false }])
}

const buyCard = (state: State, seat: Seat, c: BuyCard): Decided => {
  if (state.step.kind !== "second") return refuse("uptown.buy.not-now", "buying is the 2nd action")
  const deck = c.deck
  if (!Number.isInteger(deck) || deck < 0 || deck >= state.seats)
    return refuse("uptown.buy.no-such-deck", `deck ${deck} is not at this table`)
  if (state.deckSizes[deck] === 0) return refuse("uptown.buy.deck-empty", `deck ${deck} is empty`)
  if ((state.upcoins[deck] as number) > 0)
    return refuse(
      "uptown.buy.deck-blocked",
      "while there are upcoins on a player deck, no one can buy from it",
    )
  if (!canBuy(state, seat, deck))
    return refuse(
      "uptown.buy.cannot-afford",
      `the top card of deck ${deck} costs $${state.topCosts[deck]}; you have $${state.money[seat]}`,
    )
  const { card, cost, nextTopCost } = drawFromDeck(state, deck)
  return Result.succeed([{ type: "CardBought", seat, deck, card, cost, nextTopCost }])
}

const takePublic = (state: State, seat: Seat): Decided => {
  if (state.step.kind !== "second")
    return refuse("uptown.public.not-now", "taking a public card is the 2nd action")
  if (state.publicTop === null) return refuse("uptown.public.pile-empty", "the public pile is empty")
  return Result.succeed([
    { type: "PublicCardTaken", seat, card: state.publicTop, nextTop: turnUpPublic(state) },
  ])
}

/** Decides a command of the seat whose turn it is (the kernel has checked that the seat owes a decision). */
export const decide = (state: State, seat: Seat, command: Command): Decided => {
  if (seat !== state.current) return refuse("uptown.turn.not-your-turn", `it is seat ${state.current}'s turn`)
  switch (command.type) {
    case "PlaceCard":
      return placeCard(state, seat, command)
    case "DiscardCard":
      return discardCard(state, seat)
    case "BuyCard":
      return buyCard(state, seat, command)
    case "TakePublicCard":
      return takePublic(state, seat)
    default:
      return refuse("uptown.command.unknown", `unknown command ${(command as { type: string }).type}`)
  }
}

/** Whether the card in hand fits anywhere (advance discards a bought or public card that does not). */
export const handFits = (state: State): boolean =>
  state.hand !== null && canPlace(state, state.hand.seat, state.hand.card)
