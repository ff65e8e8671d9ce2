import { sampledSecrets } from "../../kernel/determinise.js"
import type { Random } from "../../kernel/random.js"
import type { State } from "./state.js"
import type { View } from "./view.js"

/**
 * Urban Sprawl hides only the deck order, which exists nowhere but in the seed and the PRNG: a sample is the
 * public board with a guessed PRNG (so its future reveals are guesses drawn from the same unseen cards).
 */
export const determinise = (view: View, random: Random): State => {
  const { deckSizes: _sizes, blockValues: _values, viewer: _viewer, ...board } = view
  return { ...board, ...sampledSecrets(random) }
}
