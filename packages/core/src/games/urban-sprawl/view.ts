import { Schema } from "effect"
import type { Viewer } from "../../kernel/game.js"
import { blockValue } from "./board.js"
import { type Board, BoardFields } from "./model.js"
import { deckSize, type State } from "./state.js"

/**
 * What every viewer sees: the whole public board (hands, Favors, offices, vocations, wealth and prestige are
 * public knowledge), how many unseen cards each pile holds, each block's value, and who owes what. The seed
 * and the PRNG state are in no view.
 */
export const View = Schema.Struct({
  ...BoardFields,
  deckSizes: Schema.Struct({ planning: Schema.Int, town: Schema.Int, city: Schema.Int, metro: Schema.Int }),
  blockValues: Schema.Array(Schema.Int),
  viewer: Schema.NullOr(Schema.Int),
})
export type View = typeof View.Type

export const view = (state: State, viewer: Viewer): View => {
  const { seed: _seed, rng: _rng, ...board } = state
  const b: Board = board
  return {
    ...b,
    deckSizes: {
      planning: deckSize(state.planning),
      town: deckSize(state.decks.town),
      city: deckSize(state.decks.city),
      metro: deckSize(state.decks.metro),
    },
    blockValues: Array.from({ length: 36 }, (_, i) => blockValue(state.markers, i)),
    viewer: viewer.kind === "seat" ? viewer.seat : null,
  }
}
