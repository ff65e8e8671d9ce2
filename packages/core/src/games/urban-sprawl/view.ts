import { Schema } from "effect"
import type { Viewer } from "../../kernel/game.js"
import { blockValue } from "./board.js"
import { BoardFields, deckSize, type State } from "./state.js"

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

/** A literal, not a rest-and-spread copy of the state: V8 keeps one fast shape (the heuristic reads a view per decision). */
export const view = (state: State, viewer: Viewer): View => {
  const blockValues: number[] = new Array(36)
  for (let i = 0; i < 36; i++) blockValues[i] = blockValue(state.markers, i)
  return {
    seats: state.seats,
    options: state.options,
    phase: state.phase,
    startPlayer: state.startPlayer,
    active: state.active,
    round: state.round,
    turn: state.turn,
    ap: state.ap,
    acted: state.acted,
    daUsed: state.daUsed,
    eotStep: state.eotStep,
    draftTurn: state.draftTurn,
    draftPasses: state.draftPasses,
    players: state.players,
    buildings: state.buildings,
    lots: state.lots,
    nextBuilding: state.nextBuilding,
    markers: state.markers,
    planningBoxes: state.planningBoxes,
    planning: state.planning,
    discard: state.discard,
    contractBoxes: state.contractBoxes,
    decks: state.decks,
    removed: state.removed,
    offices: state.offices,
    contractor: state.contractor,
    pawn: state.pawn,
    vocationSupply: state.vocationSupply,
    extraFavorTaken: state.extraFavorTaken,
    tasks: state.tasks,
    ending: state.ending,
    deckSizes: {
      planning: deckSize(state.planning),
      town: deckSize(state.decks.town),
      city: deckSize(state.decks.city),
      metro: deckSize(state.decks.metro),
    },
    blockValues,
    viewer: viewer.kind === "seat" ? viewer.seat : null,
  }
}
