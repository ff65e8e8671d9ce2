import { uniformInt } from "pure-rand/distribution/uniformInt"
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus"
import type { RandomGenerator } from "pure-rand/types/RandomGenerator"
import { sha256Hex } from "./canonical.js"

/**
 * The PRNG state a game keeps in its state: a secret base derived from the game's seed and the number of
 * chance events so far. Each chance event opens its own generator from (base, draws) and records the
 * outcome, so replay never re-runs the PRNG and anyone holding the revealed seed can re-derive every draw.
 */
export interface RngState {
  readonly base: string
  readonly draws: number
}

/** The PRNG state of a new game with this seed. */
export const rngFromSeed = (seed: string): RngState => ({ base: sha256Hex(`boroughs/rng/${seed}`), draws: 0 })

/** The state after one more chance event; a game's `evolve` calls it for each event `Random.open` produced. */
export const advance = (rng: RngState): RngState => ({ base: rng.base, draws: rng.draws + 1 })

/** Draws for one chance event. Mutable inside, deterministic outside: same state, same draws. */
export class Random {
  private constructor(private readonly gen: RandomGenerator) {}

  /** The generator for the next chance event of a game whose PRNG state is `rng`. */
  static open(rng: RngState): Random {
    return Random.fromKey(`${rng.base}/${rng.draws}`)
  }

  /** A generator keyed by any string (bots and simulations derive their own streams this way). */
  static fromKey(key: string): Random {
    const h = sha256Hex(key)
    const words: number[] = [0, 8, 16, 24].map((i) => Number.parseInt(h.slice(i, i + 8), 16) | 0)
    // xoroshiro128+ must not start from the all-zero state.
    if (!words.some((w) => w !== 0)) words[0] = 1
    return new Random(xoroshiro128plusFromState(words))
  }

  /** A uniform integer in [from, to], both included. */
  int(from: number, to: number): number {
    // pure-rand does not check: an empty or fractional range would quietly return a wrong number.
    if (!(Number.isSafeInteger(from) && Number.isSafeInteger(to) && from <= to))
      throw new RangeError(`Random.int: [${from}, ${to}] is not a range of integers`)
    return uniformInt(this.gen, from, to)
  }

  /** A uniform element of a non-empty list. */
  pick<T>(items: ReadonlyArray<T>): T {
    if (items.length === 0) throw new RangeError("Random.pick: empty list")
    return items[this.int(0, items.length - 1)] as T
  }

  /** A new array with the items in uniformly random order (Fisher–Yates). */
  shuffle<T>(items: ReadonlyArray<T>): T[] {
    const out = items.slice()
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i)
      const t = out[i] as T
      out[i] = out[j] as T
      out[j] = t
    }
    return out
  }

  /** One roll of a die with `sides` faces. */
  die(sides = 6): number {
    return this.int(1, sides)
  }
}
