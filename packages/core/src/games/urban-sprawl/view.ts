import { Schema } from "effect"
import { describeFields } from "../../kernel/describe.js"
import type { Viewer } from "../../kernel/game.js"
import { blockValue } from "./board.js"
import { OptionsS } from "./options.js"
import {
  BoardS,
  BuildingS,
  DeckStateS,
  deckSize,
  MarkersS,
  OfficeS,
  PlayerS,
  type State,
  type Task,
  TaskS,
  VocationS,
} from "./state.js"

// The board's schemas live in state.ts (one source for the state and the view); here each field gets the
// description a bot author reads in `boroughs describe urban-sprawl --json`.

const perVocation = (description: string) => Schema.Record(VocationS, Schema.Int.annotate({ description }))

const Player = describeFields(
  PlayerS.mapFields((fields) => ({ ...fields, vocations: perVocation("Tiles of this vocation held.") })),
  {
    wealth: "Wealth on hand.",
    prestige: "Prestige total: the score.",
    hand: "Planning cards in hand (public knowledge).",
    favors: "Favors held: contract cards the player may build without paying AP for the card.",
    vocations: "Vocation tiles held, by vocation.",
    extraFavor: "Holds the Extra Favor tile.",
  },
)

const Building = describeFields(BuildingS, {
  id: "The building's id.",
  zone: "Its zone: CIV, COM, IND, RES, or PARK.",
  size: "Lots it covers.",
  owner: "The owner's seat; null for an unowned building (a starting building not yet bought).",
  block: "Its block: row·6 + column (0-based) on the 6×6 grid of blocks.",
  lots: "The lots of its block it covers: 0 NW, 1 NE, 2 SW, 3 SE.",
  card: "The contract it was built from; null for a starting building.",
})

const Deck = describeFields(DeckStateS, {
  segments:
    "The pile's parts from the top, each a count of unseen cards per class; a draw takes from the top part.",
  pools: "The unseen cards of each class: a card is drawn uniformly from its class's pool when it turns up.",
  top: "The face-up top card, or null (face down, or empty).",
  active: "The deck is in play (its boxes refill from it).",
})

const Markers = describeFields(MarkersS, {
  west: "Prestige markers, one space per pair of rows: the marker's value, or null when empty.",
  north: "Prestige markers, one space per pair of columns: the marker's value, or null when empty.",
  south: "Wealth markers, one space per column: the marker's value, or null when empty.",
  east: "Wealth markers, one space per row: the marker's value, or null when empty.",
})

/** What a task's kind (`k`) means. */
const TASK_KINDS: Readonly<Record<Task["k"], string>> = {
  payout:
    "Pay out the markers of `value` in `currency`: in each row or column they mark, the players with the most and second-most buildings gain.",
  highestWealthPayout: "Pay out the highest wealth marker value on the board.",
  election: "Hold the election for the office the pawn stands on.",
  contractor: "Assign the Contractor.",
  gain: "Players (or `only` one) gain wealth and prestige.",
  gainPer: "Players (or `only` one) gain wealth and prestige per owned building matching `per`.",
  lose: "Every player loses wealth and prestige (what he has, at most).",
  auction: "An auction (e.g. Estate Auction): players in turn may pay `price` wealth for `prestige`.",
  decay: "Urban Decay: the least valuable building is lost unless its owner pays `ransom` prestige.",
  headlines: "Local Headlines: the owner of the most valuable building gains `prestige`.",
  threat: "A threat (Fire, Flood, Earthquake): each affected player pays or loses a building.",
  placeMarkers: "Place new markers on the board's empty marker spaces.",
  activateDeck: "Put the City or Metropolis deck in play.",
  finalPayouts: "The Olympic Games' final payouts.",
  discardEvent: "Put a resolved event away: planning events to the discard, contract events out of the game.",
  vocation: "A vocation of the contract just built pays every holder of its tiles.",
  tribute:
    "Every other player pays the active player `amount` wealth or prestige per building matching `per`.",
  extraFavor: "The active player takes the Extra Favor tile, if it is still free.",
  winOffice: "The active player wins an office.",
  swapMarkers: "The active player may swap two markers on one edge.",
  takePlanning: "The active player takes a planning card from a box.",
  treasurerFee: "The active player pays the Treasurer's fee after a build.",
}

/** What each task field means, whatever the task (`TASK_FIELDS_OF_KIND` where a task's differs). */
const TASK_FIELDS: Readonly<Record<string, string>> = {
  currency: "The currency paid out: wealth or prestige.",
  value: "The value paid out.",
  only: "The one seat that gains; null for every player.",
  wealth: "Wealth gained, lost or paid (0: none).",
  prestige: "Prestige gained, lost or paid (0: none).",
  cause: "The card that caused it, by name.",
  per: "Which buildings count: those of these zones and sizes (absent: any).",
  price: "Wealth a player pays to take the prestige.",
  ransom: "Prestige the owner pays to keep the building.",
  target: "The building struck, by id; null until the active player chooses one (or only one can be).",
  block: "The block a threat to the most valuable block strikes; null until fixed.",
  decided: "Seats that have already decided.",
  next: "The seat the active player chose to decide next; null when not chosen.",
  deck: "The deck put in play.",
  card: "The event card.",
  name: "The vocation.",
  amount: "Wealth (or prestige) owed per matching building.",
  office: "The office won, or `choice` when the active player picks it.",
  edge: "The board edge whose markers may be swapped.",
}

const TASK_FIELDS_OF_KIND: Readonly<Record<string, string>> = {
  "placeMarkers.wealth": "Values of the wealth markers to place on the east edge, one at a time.",
  "placeMarkers.prestige": "Values of the prestige markers to place on the north edge, one at a time.",
  "threat.wealth": "Wealth an affected player pays to keep his building (0: none).",
  "threat.prestige": "Prestige an affected player pays to keep his building (0: none).",
  "threat.target":
    "What the threat strikes: the most valuable block, waterfront buildings, or buildings of size 3 or more.",
  "auction.prestige": "Prestige the buyer gains.",
  "headlines.prestige": "Prestige the owner gains.",
}

const Filter = {
  zones: "Count buildings of these zones only (absent: every zone).",
  sizes: "Count buildings of these sizes only (absent: every size).",
}

const describeTask = (task: Schema.Struct<Schema.Struct.Fields>) =>
  task.mapFields((fields) => {
    const kind = ((fields.k as Schema.Top).ast as { literal: Task["k"] }).literal
    const described: Record<string, Schema.Top> = {}
    for (const [name, field] of Object.entries(fields)) {
      const schema =
        name === "per"
          ? describeFields(field as Schema.Struct<Schema.Struct.Fields>, Filter)
          : (field as Schema.Top)
      const description =
        name === "k" ? TASK_KINDS[kind] : (TASK_FIELDS_OF_KIND[`${kind}.${name}`] ?? TASK_FIELDS[name])
      described[name] = schema.annotate({ description })
    }
    return described
  })

const DescribedTask = TaskS.mapMembers(
  (members) =>
    members.map((m) => describeTask(m as Schema.Struct<Schema.Struct.Fields>)) as unknown as typeof members,
)

const Board = describeFields(
  BoardS.mapFields((fields) => ({
    ...fields,
    options: describeFields(OptionsS, {
      length: "Contract deck make-up: standard (15 / 6 + key / 15), or the rule text's long and short games.",
      olympicsEndsImmediately:
        "End the game after the turn in which the Olympic Games are revealed, not at the end of the round.",
      maxRounds: "Safety cap: the game ends after this many rounds.",
      metroHighImpact:
        "University, Marina, Port and Temple: as printed, halved, or out of the Metropolis deck.",
      variant:
        "A preset for the balance options: `sourced` (the written rules) or `tuned`; an option given explicitly wins.",
      turnOrder:
        "Compensation for the start player's lead: `plain` (6 AP from the first turn), `compensated` (fewer AP in rounds 1 and 2 by position) or `tapered`.",
      contractMix:
        "Each contract deck's make-up: `34+2` (34 contracts, 2 events and the key event) or `26+10`.",
      permitCost:
        "Permits a contract needs: `size` (as many as lots) or `cityDiscount` (City and Metropolis one fewer).",
      urbanRenewalInDeck:
        "Whether the 4 Urban Renewal cards start in the planning deck (true) or its discard (false).",
      prestigePayouts:
        "What a prestige payout's ranks gain: `full` (v and ⌊v/2⌋) or `twoThirds` (⌈2v/3⌉ and ⌊v/3⌋).",
      policeChiefImmunity:
        "What the Police Chief's buildings are immune to: `eventsAndRenewal` (Fire, Flood, Earthquake, Urban Decay and another's Urban Renewal) or `events`.",
      boomPayouts: "What highest-wealth payouts pay: `full` (v and ⌊v/2⌋) or `half` (⌈v/2⌉ and ⌊v/4⌋).",
    }),
    players: Schema.Array(Player),
    buildings: Schema.Array(Building),
    markers: Markers,
    planning: Deck,
    decks: Schema.Struct({
      town: Deck.annotate({ description: "The Town contract deck." }),
      city: Deck.annotate({ description: "The City contract deck." }),
      metro: Deck.annotate({ description: "The Metropolis contract deck." }),
    }),
    offices: Schema.Record(
      OfficeS,
      Schema.NullOr(Schema.Int).annotate({ description: "The seat holding this office; null while vacant." }),
    ),
    vocationSupply: perVocation("Tiles of this vocation left in the supply."),
    tasks: Schema.Array(DescribedTask),
  })),
  {
    seats: "Number of players; seats are numbered 0 to seats − 1.",
    options: "The options the game was set up with (a preset's values written in).",
    phase:
      "Where the game stands: `setup`, `draft` (buying starting buildings), `start`, `turn`, `eot` (end of turn) or `over`.",
    startPlayer: "The seat that plays first; null until chosen.",
    active: "The active player's seat.",
    round: "The round being played, from 1.",
    turn: "The turn being played, counted over the whole game.",
    ap: "Action points the active player has left this turn.",
    acted: "The active player has taken an action this turn (no more investing).",
    daUsed: "The District Attorney has cleared a box this turn (once a turn).",
    eotStep: "The last end-of-turn step begun (0 before step 1).",
    draftTurn: "Draft turns taken so far.",
    draftPasses: "Passes in a row in the draft (the draft ends when every seat passes).",
    players: "Each seat's wealth, prestige, cards, Favors and vocations (public knowledge).",
    buildings: "Every building on the board.",
    lots: "Building id on each of the 144 lots (row-major on the 12×12 lot grid), −1 when empty.",
    nextBuilding: "The id the next building gets.",
    markers: "The payout markers on the four edges of the board.",
    planningBoxes: "Planning boxes costing 1..4 AP: the card in each, or null when empty.",
    planning: "The planning deck.",
    discard: "The planning discard pile.",
    contractBoxes: "Contract boxes costing 1..5 AP: the card in each, or null when empty.",
    decks: "The three contract decks.",
    removed: "Contract cards out of the game (built, discarded, events resolved).",
    offices: "Who holds each office (politician).",
    contractor: "The seat holding the Contractor; null when no one does.",
    pawn: "Index into the offices (Mayor, UnionBoss, PoliceChief, Treasurer, DistrictAttorney) up for election next.",
    vocationSupply: "Vocation tiles left in the supply, by vocation.",
    extraFavorTaken: "The Extra Favor tile has been taken.",
    tasks:
      "Steps of a resolution in progress (a card's reveal, an event, a build's effects), first in line first.",
    ending: "The Olympic Games have been revealed: the game ends when the round is complete.",
  },
)

/**
 * What every viewer sees: the whole public board (hands, Favors, offices, vocations, wealth and prestige are
 * public knowledge), how many unseen cards each pile holds, each block's value, and who owes what. The seed
 * and the PRNG state are in no view.
 */
export const View = Schema.Struct({
  ...Board.fields,
  deckSizes: Schema.Struct({
    planning: Schema.Int.annotate({ description: "Unseen cards in the planning deck." }),
    town: Schema.Int.annotate({ description: "Unseen cards in the Town deck." }),
    city: Schema.Int.annotate({ description: "Unseen cards in the City deck." }),
    metro: Schema.Int.annotate({ description: "Unseen cards in the Metropolis deck." }),
  }).annotate({ description: "How many unseen cards each pile holds." }),
  blockValues: Schema.Array(Schema.Int).annotate({
    description: "Each of the 36 blocks' value, indexed row·6 + column (0-based).",
  }),
  viewer: Schema.NullOr(Schema.Int).annotate({
    description: "Your seat; null for spectators and organisers.",
  }),
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
