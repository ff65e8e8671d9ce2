import { bench, describe } from "vitest"
import { TIMING } from "../../bench/commands.js"
import { simulate } from "../kernel/simulate.js"
import { findGame } from "../registry.js"
import { analysisPositions, defaultAnalysisSettings, rolloutEstimator } from "./analyse.js"
import { selfPlayedLog } from "./selfPlay.js"

/**
 * Analysis's hot path is the rollout: the heuristic playing every seat from a reseeded position to the end.
 * Baseline: the same bots self-playing a whole game with `simulate`, in the same run. A 3-seat Downtown game
 * of about 300 events has about 190 positions; at the default 128 rollouts each, its analysis costs
 * 190 × 128 × (one rollout from the middle of a game) plus the examined decisions.
 */
const registered = findGame("downtown")
if (registered === undefined) throw new Error("no downtown")
const { game, bots } = registered
const heuristic = bots.heuristic
if (heuristic === undefined) throw new Error("no heuristic bot")
const players = [heuristic, heuristic, heuristic]
const { log } = selfPlayedLog(game, undefined, players, "bench")
const positions = [...analysisPositions(game, log).positions.values()]
const middle = positions[Math.floor(positions.length / 2)]
if (middle === undefined) throw new Error("no position")
const estimate = rolloutEstimator(game, bots, defaultAnalysisSettings)

describe(`Downtown, 3 heuristic seats: ${positions.length} positions in the benched game`, () => {
  let seed = 0
  bench(
    "baseline: simulate one whole heuristic game",
    () => {
      simulate(game, undefined, players, `b${seed++}`, { keepEvents: false })
    },
    TIMING,
  )
  let stream = 0
  bench(
    "one rollout from the game's middle position (reseeded)",
    () => {
      estimate(middle.state, 1, `bench/${stream++}`)
    },
    TIMING,
  )
})
