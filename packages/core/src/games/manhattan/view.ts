import { Schema } from "effect"
import type { Viewer } from "../../kernel/game.js"
import { Options } from "./options.js"
import type { Board, State } from "./state.js"

const Int = Schema.Int
const NullableInt = Schema.NullOr(Int)

const CellView = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("empty") }),
  Schema.Struct({ kind: Schema.Literal("street") }),
  Schema.Struct({
    kind: Schema.Literal("building"),
    building: Int,
    height: Int,
    top: Schema.Literals(["free", "tower", "roof"]),
    builtAt: Int,
  }),
])

const BuildingView = Schema.Struct({
  id: Int,
  owner: NullableInt,
  tower: NullableInt,
  towerCell: NullableInt,
  cells: Schema.Array(Int),
  height: Int,
  blocks: Int,
  mergedInto: NullableInt,
})

const kind = <K extends string>(k: K) => Schema.Struct({ kind: Schema.Literal(k) })
const withCell = <K extends string>(k: K) => Schema.Struct({ kind: Schema.Literal(k), cell: Int })
const withLeft = <K extends string>(k: K) => Schema.Struct({ kind: Schema.Literal(k), left: Int })

const StepView = Schema.Union([
  kind("corner"),
  kind("roll"),
  kind("bankrupt"),
  Schema.Struct({ kind: Schema.Literal("demand"), from: Int }),
  kind("blocked"),
  kind("move"),
  kind("doubles"),
  withCell("crossing-build"),
  withCell("crossing-street"),
  withCell("crossing-story"),
  withCell("remove-roof"),
  withLeft("place-roof"),
  withLeft("six-story"),
  Schema.Struct({
    kind: Schema.Literal("over"),
    reason: Schema.Literals(["stories", "bankruptcy", "blocked"]),
  }),
])

const Pair = Schema.Tuple([NullableInt, NullableInt])

/**
 * What a viewer sees: the whole public board (Manhattan hides nothing but the seed and the PRNG state).
 * Cells are indexed (y − 1)·7 + (x − 1); pawns stand on ring squares 0..31 (see the catalogue).
 */
export const View = Schema.Struct({
  seats: Int,
  options: Options,
  current: Int,
  step: StepView,
  dice: Schema.NullOr(Schema.Tuple([Int, Int])),
  pawns: Schema.Array(Pair),
  cells: Schema.Array(CellView),
  buildings: Schema.Array(BuildingView),
  towers: Schema.Array(Pair),
  roofsHeld: Schema.Array(Int),
  supply: Schema.Struct({ stories: Int, roofs: Int, streets: Int }),
  bankrupt: Schema.Array(Schema.Boolean),
  eliminated: Schema.Array(Int),
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
