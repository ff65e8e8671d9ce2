import { drawFromDeck } from "./chance.js"
import { handFits } from "./decide.js"
import type { Event } from "./events.js"
import { endTrigger, hasSecondAction } from "./rules.js"
import type { State } from "./state.js"

const NONE: ReadonlyArray<Event> = []

/**
 * The steps the rules take on their own, one event per call: the final round's trigger as soon as it
 * happens; the 1st action, which is never a choice (collect the upcoins on your deck if there are any, else
 * take its top card, else nothing — ruling 10); a 2nd action nobody can take (ruling 11); discarding a
 * bought or public card that fits nowhere (ruling 1); passing the turn, or ending the game after the last
 * seat of the final round.
 */
export const advance = (state: State): ReadonlyArray<Event> => {
  const { step, current: seat } = state
  if (step.kind === "setup" || step.kind === "over") return NONE
  if (state.finalRound === null) {
    const trigger = endTrigger(state)
    if (trigger) return [{ type: "FinalRoundTriggered", ...trigger }]
  }
  switch (step.kind) {
    case "start": {
      const upcoins = state.upcoins[seat] as number
      if (upcoins > 0) return [{ type: "UpcoinsCollected", seat, amount: upcoins }]
      if ((state.deckSizes[seat] as number) > 0) {
        // Fields written out: a spread after other fields is a slow object path in V8.
        const { card, cost, nextTopCost } = drawFromDeck(state, seat)
        return [{ type: "CardDrawn", seat, card, cost, nextTopCost }]
      }
      return [{ type: "NothingDrawn", seat }]
    }
    case "second":
      return hasSecondAction(state, seat) ? NONE : [{ type: "NothingTaken", seat }]
    case "place": {
      if (handFits(state)) return NONE
      const source = state.hand?.source ?? "bought"
      return [{ type: "CardDiscarded", seat, source, forced: true }]
    }
    case "end": {
      const over = state.finalRound !== null && seat === state.last
      return [{ type: "TurnEnded", seat, next: over ? null : (seat + 1) % state.seats }]
    }
    default:
      return NONE
  }
}
