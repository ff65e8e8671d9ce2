import type { Seat } from "../../kernel/game.js"
import type { Command } from "./commands.js"
import { SEAT_LIMITS } from "./data.js"
import { canBuy, placements } from "./rules.js"
import type { State, Table } from "./state.js"

const DISCARD: Command = { type: "DiscardCard" }
const TAKE_PUBLIC: Command = { type: "TakePublicCard" }
const NO_COMMANDS: ReadonlyArray<Command> = []
/** One frozen BuyCard per deck, shared by every list. */
const BUY_CARD: ReadonlyArray<Command> = Array.from({ length: SEAT_LIMITS.max }, (_, deck) =>
  Object.freeze({ type: "BuyCard", deck }),
)

/** The decks the seat may buy from now, in seat order. */
const purchases = (table: Table, seat: Seat): Command[] => {
  const out: Command[] = []
  for (let deck = 0; deck < table.seats; deck++)
    if (canBuy(table, seat, deck)) out.push(BUY_CARD[deck] ?? { type: "BuyCard", deck })
  return out
}

/**
 * Every command `decide` accepts from the seat now: placements of the card in hand (and, for the card taken
 * free, discarding it); or the purchases and the public card of the 2nd action.
 */
export const legalCommands = (state: State, seat: Seat): ReadonlyArray<Command> => {
  if (seat !== state.current) return NO_COMMANDS
  switch (state.step.kind) {
    case "free": {
      const out: Command[] = state.hand ? placements(state, seat, state.hand.card) : []
      out.push(DISCARD)
      return out
    }
    case "second": {
      const out = purchases(state, seat)
      if (state.publicTop !== null) out.push(TAKE_PUBLIC)
      return out
    }
    case "place":
      return state.hand ? placements(state, seat, state.hand.card) : NO_COMMANDS
    default:
      return NO_COMMANDS
  }
}

/**
 * What a clock timeout plays: discard the free card; take the (free) public card, else buy the cheapest top
 * card (the own deck first on equal cost); play a bought or public card on the first site it fits.
 */
export const defaultCommand = (state: State, seat: Seat): Command => {
  switch (state.step.kind) {
    case "free":
      return DISCARD
    case "second": {
      if (state.publicTop !== null) return TAKE_PUBLIC
      let best: Seat | null = null
      for (let k = 0; k < state.seats; k++) {
        const deck = (seat + k) % state.seats
        if (!canBuy(state, seat, deck)) continue
        if (best === null || (state.topCosts[deck] as number) < (state.topCosts[best] as number)) best = deck
      }
      return best === null ? TAKE_PUBLIC : { type: "BuyCard", deck: best }
    }
    default:
      return legalCommands(state, seat)[0] ?? DISCARD
  }
}
