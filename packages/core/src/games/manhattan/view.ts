import { Schema } from "effect"
import { describeFields } from "../../kernel/describe.js"
import type { Viewer } from "../../kernel/game.js"
import { Options } from "./options.js"
import type { Board, State } from "./state.js"

const Int = Schema.Int
const NullableInt = Schema.NullOr(Int)

const CellView = Schema.Union([
  Schema.Struct({
    kind: Schema.Literal("empty").annotate({ description: "A free property: nothing built." }),
  }),
  Schema.Struct({
    kind: Schema.Literal("street").annotate({ description: "A street: nothing more is built here." }),
  }),
  Schema.Struct({
    kind: Schema.Literal("building").annotate({ description: "A stack of stories, part of a building." }),
    building: Int.annotate({
      description: "The id of the building the cell belongs to (an index into `buildings`).",
    }),
    height: Int.annotate({ description: "Stories stacked on the cell." }),
    top: Schema.Literals(["free", "tower", "roof"]).annotate({
      description:
        "What covers the top story: nothing (`free`, more may be built), the owner's `tower`, or a `roof`.",
    }),
    builtAt: Int.annotate({
      description:
        "Sequence number (1..45) of the top story: the tower goes to the most recent on equal height.",
    }),
  }),
])

const BuildingView = Schema.Struct({
  id: Int.annotate({ description: "The building's id, in founding order (its index in `buildings`)." }),
  owner: NullableInt.annotate({
    description: "The owner's seat; null once its owner went bankrupt (another may take it over).",
  }),
  tower: NullableInt.annotate({
    description: "Which of the owner's two towers marks it (0 or 1); null when ownerless or absorbed.",
  }),
  towerCell: NullableInt.annotate({
    description:
      "The cell the tower stands on: the highest stack, the most recently built on a tie; null when it has none.",
  }),
  cells: Schema.Array(Int).annotate({
    description: "The cells of the building; empty once absorbed by another.",
  }),
  height: Int.annotate({ description: "The tallest stack, in stories." }),
  blocks: Int.annotate({ description: "Stories in the whole building (the tie-break at the end)." }),
  mergedInto: NullableInt.annotate({
    description: "The building it was merged into or taken over by; null while it stands on its own.",
  }),
})

const kind = <K extends string>(k: K, description: string) =>
  Schema.Struct({ kind: Schema.Literal(k).annotate({ description }) })
const withCell = <K extends string>(k: K, description: string) =>
  Schema.Struct({
    kind: Schema.Literal(k).annotate({ description }),
    cell: Int.annotate({ description: "The cell where the current player's pawns cross." }),
  })
const withLeft = <K extends string>(k: K, description: string) =>
  Schema.Struct({
    kind: Schema.Literal(k).annotate({ description }),
    left: Int.annotate({ description: "How many of the rolled dice of this kind are still to use." }),
  })

const StepView = Schema.Union([
  kind("corner", "The current player chooses the corner for his pawns (setup)."),
  kind("roll", "Automatic: the current player rolls the dice."),
  kind("bankrupt", "Automatic: the current player, with no developable building, goes bankrupt."),
  Schema.Struct({
    kind: Schema.Literal("demand").annotate({
      description:
        "The current player has no developable building: an opponent decides whether to demand bankruptcy.",
    }),
    from: Int.annotate({ description: "The opponent's seat being asked whether to demand." }),
  }),
  kind("blocked", "Automatic: no remaining player can ever place another story; the game ends."),
  kind("move", "The current player moves his pawns by the dice."),
  kind("doubles", "Automatic: doubles were rolled; the current player takes a roof from the supply."),
  withCell("crossing-build", "Automatic: the pawns cross on a free property; a story is built there."),
  withCell(
    "crossing-street",
    "Automatic: the pawns cross on a free property where no story may go; a street is built.",
  ),
  withCell("crossing-story", "The pawns cross on the player's own free-topped stack: he may add a story."),
  withCell("remove-roof", "The pawns cross on a roof of the player's building: he may remove it."),
  withLeft("place-roof", "A 1 was rolled: the player may put one of his roofs on a free top."),
  withLeft("six-story", "A 6 was rolled: the player may add a story to one of his buildings."),
  Schema.Struct({
    kind: Schema.Literal("over").annotate({ description: "The game has ended." }),
    reason: Schema.Literals(["stories", "bankruptcy", "blocked"]).annotate({
      description:
        "Why: every story built, all other players bankrupt, or no one able to place another story.",
    }),
  }),
])

const Pair = Schema.Tuple([NullableInt, NullableInt])

/**
 * What a viewer sees: the whole public board (Manhattan hides nothing but the seed and the PRNG state).
 * Cells are indexed (y − 1)·7 + (x − 1); pawns stand on ring squares 0..31 (see the catalogue).
 */
export const View = Schema.Struct({
  seats: Int.annotate({ description: "Number of players; seats are numbered 0 to seats − 1." }),
  options: describeFields(Options, {
    startingRoofs: "Roofs each player takes from the supply at the start.",
    entry:
      "How pawns enter: `corners` (each player places both pawns on a corner at setup) or `off-board` (pawns start off the board; the first pip of a move puts a pawn on a corner).",
    bankruptcyDemand:
      "Bankruptcy on demand: `automatic` (every opponent always demands) or `manual` (each opponent in turn is asked).",
  }).annotate({ description: "The options the game was set up with." }),
  current: Int.annotate({ description: "The seat whose turn it is (during setup: whose corner choice)." }),
  step: StepView.annotate({
    description: "Where the game stands: whose decision is due or which automatic step comes next.",
  }),
  dice: Schema.NullOr(Schema.Tuple([Int, Int])).annotate({
    description: "The two dice of the current turn (1–6 each); null before the roll.",
  }),
  pawns: Schema.Array(Pair).annotate({
    description:
      "`pawns[seat][pawn]`: the ring square (0..31) the pawn stands on, or null when off the board.",
  }),
  cells: Schema.Array(CellView).annotate({ description: "The 49 city cells, indexed (y − 1)·7 + (x − 1)." }),
  buildings: Schema.Array(BuildingView).annotate({
    description:
      "Every building ever founded, indexed by id; absorbed ones stay with no cells and `mergedInto` set.",
  }),
  towers: Schema.Array(Pair).annotate({
    description:
      "`towers[seat][tower]`: the building it marks, or null when in the owner's hand (or gone, if bankrupt).",
  }),
  roofsHeld: Schema.Array(Int).annotate({
    description: "Roofs each seat holds, ready to build on a rolled 1.",
  }),
  supply: Schema.Struct({
    stories: Int.annotate({ description: "Stories left (of 45); the game ends when none are left." }),
    roofs: Int.annotate({ description: "Roofs left (of 20)." }),
    streets: Int.annotate({ description: "Streets left (of 30)." }),
  }).annotate({ description: "Pieces still in the shared supply." }),
  bankrupt: Schema.Array(Schema.Boolean).annotate({ description: "Whether each seat has gone bankrupt." }),
  eliminated: Schema.Array(Int).annotate({ description: "Seats in the order they went bankrupt." }),
})
export type View = Board

/** The view of any viewer: the board without seed and PRNG state (shared, read-only arrays: no copying). */
export const view = (state: State, _viewer: Viewer): View => ({
  seats: state.seats,
  options: state.options,
  current: state.current,
  step: state.step,
  dice: state.dice,
  pawns: state.pawns,
  cells: state.cells,
  buildings: state.buildings,
  towers: state.towers,
  roofsHeld: state.roofsHeld,
  supply: state.supply,
  bankrupt: state.bankrupt,
  eliminated: state.eliminated,
})
