import { AXIS_COLUMN, AXIS_ROW, axisOf, CORNERS, lineOf, RING, ringPosition } from "./board.js"
import { BOX, PER_PLAYER, SEAT_COLOURS, SEAT_LIMITS, SUPPLY_LIMITS } from "./data.js"
import type { Options } from "./options.js"

const ring = Array.from({ length: RING }, (_, square) => {
  const axis = axisOf(square)
  return {
    square,
    ...ringPosition(square),
    projects:
      axis === AXIS_COLUMN ? { column: lineOf(square) } : axis === AXIS_ROW ? { row: lineOf(square) } : null,
  }
})

/** Static data for `describe manhattan`: components, supply, coordinates, options and the turn. */
export const catalogue = (options: Options) => ({
  title: "Manhattan (Fagus, 1986)",
  sources: {
    rules: "shared/rules/manhattan.txt",
    design: "shared/design/games/manhattan.md",
    rulings: "docs/rulings/manhattan.md",
  },
  seats: SEAT_LIMITS,
  components: {
    box: BOX,
    supply: SUPPLY_LIMITS,
    perPlayer: { ...PER_PLAYER, startingRoofs: options.startingRoofs },
    seatColours: SEAT_COLOURS,
    note: "Starting roofs come out of the 20-roof supply. Conserved: supply + board + held = box, per piece.",
  },
  board: {
    size: 9,
    city: { columns: 7, rows: 7, cell: "(x, y): x = column 1..7 left→right, y = row 1..7 top→bottom" },
    cellIndex: "(y - 1) * 7 + (x - 1) — how views index `cells`",
    ring: {
      squares: RING,
      numbering: "0..31 clockwise from the top-left corner; board (column,row) in `squares`",
      corners: CORNERS,
      projection:
        "top/bottom side at column x projects column x; left/right side at row y projects row y; corners nothing",
      crossing:
        "one pawn projects a column x and the other a row y → cell (x, y); parallel lines or a corner → none",
      squaresTable: ring,
    },
  },
  options: {
    current: options,
    startingRoofs: "roofs each player holds at the start (default 2)",
    entry:
      "corners (rule text: choose a corner at setup) | off-board (variant: the first pip enters by a corner)",
    bankruptcyDemand:
      "automatic (default: every opponent always demands) | manual (opponents are asked in turn)",
  },
  turn: [
    "bankruptcy check (a player with buildings, none developable, must announce bankruptcy when demanded)",
    "blocked check (no remaining player can ever place a story: the game ends)",
    "roll both dice (DiceRolled)",
    "move: one pawn the total, or each pawn one die; either direction; no doubling back",
    "doubles: take a roof from the supply",
    "crossing: empty cell → a story if legal, else a street; own free top → may add a story; own roof → may remove it",
    "each rolled 1: may place a held roof on any free top",
    "each rolled 6: may add a story to one of your buildings",
  ],
  decisions: ["corner", "demand", "move", "crossing-story", "remove-roof", "place-roof", "six-story"],
  end: "last story built, or one player left, or blocked; tallest building wins, then most blocks; still tied: shared win",
})

/** The type of Manhattan's catalogue: what `manhattan.catalogue(options)` gives, exactly. */
export type Catalogue = ReturnType<typeof catalogue>
