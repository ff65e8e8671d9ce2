import type { Random, RngState } from "./random.js"

/**
 * A stand-in seed and PRNG state for a determinised sample (GameDefinition.determinise): drawn from the
 * searcher's own random stream, so the sample's future draws are guesses, never the game's real ones.
 */
export const sampledSecrets = (random: Random): { readonly seed: string; readonly rng: RngState } => {
  let base = ""
  // 16 × 16 bits: the 64 hex digits of a SHA-256 base, without hashing (samples are made per iteration).
  for (let i = 0; i < 16; i++) base += random.int(0, 0xffff).toString(16).padStart(4, "0")
  return { seed: `sample-${base.slice(0, 16)}`, rng: { base, draws: 0 } }
}

/**
 * `GameDefinition.reseed` for a game whose hidden future lives only in its `seed` and `rng` (every game here:
 * decks are sets the PRNG draws from, never stored orders): the same state with both sampled afresh.
 */
export const reseeded = <S extends { readonly seed: string; readonly rng: RngState }>(
  state: S,
  random: Random,
): S => ({ ...state, ...sampledSecrets(random) })
