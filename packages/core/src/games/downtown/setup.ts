import type { GameStarted } from "../../kernel/game.js"
import { advance, Random, rngFromSeed } from "../../kernel/random.js"
import { shapeOf } from "./board.js"
import { FIRST_CONSTRUCTIONS, TWO_PLAYER_HAND } from "./data.js"
import type { Event } from "./events.js"
import type { Options } from "./options.js"

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

/**
 * The opening events (rule text, "The First Constructions"): three tiles from each pile shuffled together
 * and turned face up; Parks on the first three, then Housing, Commerce, Industry, each frame of its
 * zone's shape. The 2p variant then deals the 18 other tiles face up, 9 to each player.
 */
export const setup = (started: GameStarted<Options>): ReadonlyArray<Event> => {
  let rng = rngFromSeed(started.seed)
  const r = Random.open(rng)
  const west = r.shuffle(range(1, 12)).slice(0, 3)
  const east = r.shuffle(range(13, 24)).slice(0, 3)
  const zones = r.shuffle([...west, ...east])
  const events: Event[] = [
    started as Event,
    { type: "FirstConstructionsDrawn", zones },
    ...zones.map(
      (zone, i): Event => ({
        type: "FramePlaced",
        zone,
        construction: FIRST_CONSTRUCTIONS[i] ?? "park",
        shape: shapeOf(zone),
        cause: "setup",
      }),
    ),
  ]
  if (started.options.variant === "2p-official") {
    rng = advance(rng)
    const rest = Random.open(rng).shuffle(range(1, 24).filter((z) => !zones.includes(z)))
    const hands = [rest.slice(0, TWO_PLAYER_HAND), rest.slice(TWO_PLAYER_HAND)].map((h) =>
      h.sort((a, b) => a - b),
    )
    events.push({ type: "ZoningTilesDealt", hands })
  }
  return events
}
