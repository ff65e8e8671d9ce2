import { Random } from "../../kernel/random.js"
import { xyOf } from "./board.js"
import { storyEvent } from "./build.js"
import { bankruptcy } from "./decide.js"
import type { Event } from "./events.js"
import { rollOf } from "./moves.js"
import type { State } from "./state.js"

/** The steps the rules take on their own: the roll, the doubles roof, forced builds, bankruptcy, a blocked end. */
export const advance = (state: State): ReadonlyArray<Event> => {
  const step = state.step
  const seat = state.current
  switch (step.kind) {
    case "roll": {
      const r = Random.open(state.rng)
      const a = r.die()
      const b = r.die()
      return [{ type: "DiceRolled", seat, dice: rollOf(a, b) }]
    }
    case "doubles":
      return [{ type: "RoofTaken", seat }]
    case "crossing-build":
      return [storyEvent(state, seat, step.cell, "crossing")]
    case "crossing-street": {
      const { x, y } = xyOf(step.cell)
      return [{ type: "StreetBuilt", seat, x, y }]
    }
    case "bankrupt":
      return [bankruptcy(state, seat, null)]
    case "blocked":
      return [{ type: "GameBlocked", storiesLeft: state.supply.stories }]
    default:
      return []
  }
}
