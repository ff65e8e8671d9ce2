import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { advance, Random, rngFromSeed } from "./random.js"

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
const chiSquare = (counts: ReadonlyArray<number>): number => {
  const total = counts.reduce((a, b) => a + b, 0)
  const expected = total / counts.length
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0)
}

/**
 * Critical values of chi-square at p = 0.001 by degrees of freedom. The draws are keyed, so each test is
 * deterministic: a failure is a real bias, never bad luck on one run.
 */
const CRITICAL_0_001: Record<number, number> = { 5: 20.515, 9: 27.877, 19: 43.82, 35: 66.619, 49: 85.351 }

const counts = (n: number, draw: (i: number) => number, offset = 0): number[] => {
  const out = Array.from({ length: n }, () => 0)
  for (let i = 0; i < 60_000; i++) (out as number[])[draw(i) - offset]! += 1
  return out
}

describe("Random.open: consecutive chance events are independent", () => {
  it("the first die of 6,000 consecutive events is uniform (chi-square, 5 df, p > 0.001)", () => {
    let rng = rngFromSeed("consecutive")
    const counts = [0, 0, 0, 0, 0, 0]
    for (let n = 0; n < 6000; n++) {
      counts[Random.open(rng).die() - 1]! += 1
      rng = advance(rng)
    }
    const chi = counts.reduce((sum, c) => sum + (c - 1000) ** 2 / 1000, 0)
    expect(chi).toBeLessThan(20.52)
  })

  it("first draws of neighbouring events do not follow each other (lag-1 pairs uniform, 35 df)", () => {
    let rng = rngFromSeed("pairs")
    const pairs = new Array(36).fill(0)
    let prev = Random.open(rng).die()
    for (let n = 0; n < 36_000; n++) {
      rng = advance(rng)
      const die = Random.open(rng).die()
      pairs[(prev - 1) * 6 + die - 1] += 1
      prev = die
    }
    const chi = pairs.reduce((sum, c) => sum + (c - 1000) ** 2 / 1000, 0)
    expect(chi).toBeLessThan(66.62)
  })
})

describe("Random: determinism", () => {
  it("the same key gives the same draws, whatever was drawn elsewhere in between", () => {
    const a = Random.fromKey("game-1/draw-3")
    const first = [a.int(0, 1000), a.die(), a.shuffle([1, 2, 3, 4, 5]), a.pick(["x", "y", "z"])]
    Random.fromKey("something else").int(0, 1000)
    const b = Random.fromKey("game-1/draw-3")
    expect([b.int(0, 1000), b.die(), b.shuffle([1, 2, 3, 4, 5]), b.pick(["x", "y", "z"])]).toEqual(first)
  })

  it("known answers: a change of hashing, generator or pure-rand's range mapping would break every audit", () => {
    const r = Random.fromKey("boroughs")
    expect([r.int(0, 2 ** 32 - 1), r.int(0, 2 ** 32 - 1), r.die(), r.die(20)]).toEqual([
      23313238, 1627422560, 6, 10,
    ])
    expect(r.shuffle([1, 2, 3, 4, 5, 6, 7, 8])).toEqual([7, 1, 3, 6, 4, 8, 5, 2])
    expect(rngFromSeed("seed-1")).toEqual({
      base: "7ee0a9721344029b4b59264d2163ea52ecf7a5800e7b486498a21cedcce37f1a",
      draws: 0,
    })
    const opened = Random.open(rngFromSeed("seed-1"))
    expect([opened.die(), opened.die(), opened.die()]).toEqual([5, 4, 3])
  })

  it("different keys give different streams", () => {
    const firsts = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const r = Random.fromKey(`key/${i}`)
      firsts.add(`${r.int(0, 2 ** 32 - 1)}:${r.int(0, 2 ** 32 - 1)}`)
    }
    expect(firsts.size).toBe(2000)
  })

  it("open(rng) is the generator keyed by (base, draws); advance counts one chance event and keeps the base", () => {
    const rng = rngFromSeed("s")
    const next = advance(rng)
    expect(next).toEqual({ base: rng.base, draws: 1 })
    expect(rng.draws).toBe(0) // advance does not mutate
    expect(Random.open(next).int(0, 1e9)).toBe(Random.open({ ...next }).int(0, 1e9))
    expect(Random.open(rng).int(0, 1e9)).not.toBe(Random.open(next).int(0, 1e9))
    expect(rngFromSeed("s")).toEqual(rng)
    expect(rngFromSeed("t").base).not.toBe(rng.base)
  })
})

describe("Random: uniformity (chi-square, p = 0.001)", () => {
  it("the first die of each chance event — how games use it — is uniform across draws", () => {
    const rng = rngFromSeed("uniformity")
    const c = counts(6, (i) => Random.open({ ...rng, draws: i }).die(), 1)
    expect(chiSquare(c)).toBeLessThan(CRITICAL_0_001[5] as number)
  })

  it("a long stream from one key is uniform for d6, d10 and d20", () => {
    const r = Random.fromKey("stream")
    expect(chiSquare(counts(6, () => r.die(6), 1))).toBeLessThan(CRITICAL_0_001[5] as number)
    expect(chiSquare(counts(10, () => r.int(0, 9)))).toBeLessThan(CRITICAL_0_001[9] as number)
    expect(chiSquare(counts(20, () => r.die(20), 1))).toBeLessThan(CRITICAL_0_001[19] as number)
  })

  it("consecutive dice are independent: pairs are uniform over 36 cells", () => {
    const r = Random.fromKey("pairs")
    const c = counts(36, () => (r.die() - 1) * 6 + (r.die() - 1))
    expect(chiSquare(c)).toBeLessThan(CRITICAL_0_001[35] as number)
  })

  it("pick is uniform", () => {
    const r = Random.fromKey("pick")
    const items = ["a", "b", "c", "d", "e", "f"]
    expect(chiSquare(counts(6, () => items.indexOf(r.pick(items))))).toBeLessThan(CRITICAL_0_001[5] as number)
  })
})

describe("Random: shuffle", () => {
  it("property: returns a permutation of its input and leaves the input alone", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, key) => {
        const before = items.slice()
        const out = Random.fromKey(key).shuffle(items)
        expect(items).toEqual(before)
        expect(out).not.toBe(items)
        expect(out.slice().sort((a, b) => a - b)).toEqual(before.sort((a, b) => a - b))
      }),
    )
  })

  it("all 6 orders of three items are equally likely", () => {
    const orders = ["abc", "acb", "bac", "bca", "cab", "cba"]
    const c = counts(6, (i) => orders.indexOf(Random.fromKey(`three/${i}`).shuffle(["a", "b", "c"]).join("")))
    expect(chiSquare(c)).toBeLessThan(CRITICAL_0_001[5] as number)
  })

  it("every item lands in every position equally often (8 items: 64 cells, 49 degrees of freedom)", () => {
    const cells = Array.from({ length: 64 }, () => 0)
    for (let i = 0; i < 20_000; i++) {
      const out = Random.fromKey(`eight/${i}`).shuffle([0, 1, 2, 3, 4, 5, 6, 7])
      out.forEach((item, position) => {
        cells[item * 8 + position]! += 1
      })
    }
    expect(chiSquare(cells)).toBeLessThan(CRITICAL_0_001[49] as number)
  })

  it("is not biased toward the identity: on average one item stays put, as for a uniform permutation", () => {
    let fixed = 0
    const n = 20_000
    for (let i = 0; i < n; i++)
      Random.fromKey(`fixed/${i}`)
        .shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        .forEach((item, position) => {
          if (item === position) fixed++
        })
    // Mean 1 and standard deviation 1 per shuffle: the mean of 20,000 is 1 ± 0.007.
    expect(Math.abs(fixed / n - 1)).toBeLessThan(0.05)
  })

  it("shuffles an empty list and a single item", () => {
    expect(Random.fromKey("k").shuffle([])).toEqual([])
    expect(Random.fromKey("k").shuffle(["only"])).toEqual(["only"])
  })
})

describe("Random: ranges", () => {
  it("property: int stays within [from, to] for any integer range", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.maxSafeNat(), fc.string(), (from, width, key) => {
        const to = Math.min(Number.MAX_SAFE_INTEGER, from + width)
        const v = Random.fromKey(key).int(from, to)
        expect(Number.isSafeInteger(v) && v >= from && v <= to).toBe(true)
      }),
    )
  })

  it("a one-value range always gives that value", () => {
    expect(Random.fromKey("k").int(5, 5)).toBe(5)
  })

  it("refuses empty and fractional ranges rather than returning a wrong number", () => {
    expect(() => Random.fromKey("k").int(3, 1)).toThrow(RangeError)
    expect(() => Random.fromKey("k").int(1.5, 3)).toThrow(RangeError)
    expect(() => Random.fromKey("k").int(0, Number.NaN)).toThrow(RangeError)
    expect(() => Random.fromKey("k").die(0)).toThrow(RangeError)
    expect(() => Random.fromKey("k").pick([])).toThrow(RangeError)
  })
})
