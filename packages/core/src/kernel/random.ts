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

/** MurmurHash3's 32-bit finaliser: a bijection that spreads every input bit over the whole word. */
const fmix32 = (h: number): number => {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return (h ^ (h >>> 16)) | 0
}

/**
 * The secret base's four 32-bit words. A playout opens hundreds of generators from one base, so the last
 * base's words are kept (a cache of one: the same answer as parsing again, without the slices).
 */
let lastBase: string | null = null
let lastBaseWords: ReadonlyArray<number> = []
const baseWords = (base: string): ReadonlyArray<number> => {
  if (base !== lastBase) {
    lastBaseWords = [0, 1, 2, 3].map((k) => Number.parseInt(base.slice(8 * k, 8 * k + 8), 16))
    lastBase = base
  }
  return lastBaseWords
}

/** Draws for one chance event. Mutable inside, deterministic outside: same state, same draws. */
export class Random {
  private constructor(private readonly gen: RandomGenerator) {}

  /**
   * The generator for the next chance event of a game whose PRNG state is `rng`: the secret base's four
   * 32-bit words, each mixed with the event's counter by the MurmurHash3 finaliser. No hashing per event:
   * dice-heavy games open thousands of these per playout.
   */
  static open(rng: RngState): Random {
    const base = baseWords(rng.base)
    const words: number[] = [0, 0, 0, 0]
    for (let k = 0; k < 4; k++) words[k] = ((base[k] as number) ^ fmix32(rng.draws * 4 + k + 1)) | 0
    return Random.fromWords(words)
  }

  /** A generator keyed by any string (bots and simulations derive their own streams this way). */
  static fromKey(key: string): Random {
    const h = sha256Hex(key)
    return Random.fromWords([0, 8, 16, 24].map((i) => Number.parseInt(h.slice(i, i + 8), 16) | 0))
  }

  private static fromWords(words: number[]): Random {
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
