/** The board as the design note's Decisions require it (checked on the data, not on a picture). */
import { describe, expect, it } from "vitest"
import { BOULEVARD_X, GRID, NEIGHBOURS, sharedEdge, ZONE_COUNT, ZONES } from "./board.js"
import { FRAMES } from "./data.js"

const degree = (zone: number) => NEIGHBOURS[zone - 1]?.length ?? 0

describe("board", () => {
  it("24 zones, each exactly 4 plots: a 2×2 square or a 4×1 / 1×4 rectangle", () => {
    expect(ZONES).toHaveLength(ZONE_COUNT)
    ZONES.forEach((z, i) => {
      expect(z.zone).toBe(i + 1)
      expect(z.w * z.h).toBe(4)
      expect(z.shape).toBe(z.w === 2 && z.h === 2 ? "square" : "rectangle")
      if (z.shape === "rectangle") expect([z.w, z.h].sort()).toEqual([1, 4])
    })
  })

  it("the zones tile the plot grid exactly, without overlap", () => {
    const owner = new Map<string, number>()
    for (const z of ZONES)
      for (let x = z.x; x < z.x + z.w; x++)
        for (let y = z.y; y < z.y + z.h; y++) {
          expect(owner.has(`${x},${y}`)).toBe(false)
          owner.set(`${x},${y}`, z.zone)
        }
    expect(owner.size).toBe(GRID.width * GRID.height)
  })

  it("zones 1–12 form the west half (left pile), 13–24 the east half; each half has 6 square and 6 rectangular zones", () => {
    for (const z of ZONES) {
      expect(z.half).toBe(z.zone <= 12 ? "west" : "east")
      if (z.half === "west") expect(z.x + z.w).toBeLessThanOrEqual(BOULEVARD_X)
      else expect(z.x).toBeGreaterThanOrEqual(BOULEVARD_X)
    }
    for (const half of ["west", "east"])
      expect(ZONES.filter((z) => z.half === half && z.shape === "square")).toHaveLength(6)
  })

  it("adjacency is derived from shared edges, symmetric, and never diagonal", () => {
    for (const a of ZONES)
      for (const b of ZONES) {
        if (a === b) continue
        const adjacent = NEIGHBOURS[a.zone - 1]?.includes(b.zone) ?? false
        expect(adjacent).toBe(sharedEdge(a, b) > 0)
        expect(adjacent).toBe(NEIGHBOURS[b.zone - 1]?.includes(a.zone))
        const cornerOnly =
          (a.x + a.w === b.x || b.x + b.w === a.x) && (a.y + a.h === b.y || b.y + b.h === a.y)
        if (cornerOnly) expect(adjacent).toBe(false)
      }
  })

  it("every zone has 2–5 neighbours, mean ≈ 3.5", () => {
    const degrees = ZONES.map((z) => degree(z.zone))
    expect(Math.min(...degrees)).toBeGreaterThanOrEqual(2)
    expect(Math.max(...degrees)).toBeLessThanOrEqual(5)
    const mean = degrees.reduce((a, b) => a + b, 0) / degrees.length
    expect(Math.abs(mean - 3.5)).toBeLessThanOrEqual(0.25)
  })

  it("the halves touch along the boulevard, so the whole board is connected", () => {
    const across = ZONES.filter((z) => z.half === "west").flatMap((z) =>
      (NEIGHBOURS[z.zone - 1] ?? []).filter((n) => n >= 13),
    )
    expect(across.length).toBeGreaterThan(0)
    const seen = new Set([1])
    const queue = [1]
    while (queue.length > 0)
      for (const n of NEIGHBOURS[(queue.shift() as number) - 1] ?? [])
        if (!seen.has(n)) {
          seen.add(n)
          queue.push(n)
        }
    expect(seen.size).toBe(ZONE_COUNT)
  })

  it("odd and even numbers are spread: each half has 3 odd and 3 even zones of each shape", () => {
    for (const half of ["west", "east"])
      for (const shape of ["square", "rectangle"]) {
        const zones = ZONES.filter((z) => z.half === half && z.shape === shape)
        expect(zones.filter((z) => z.zone % 2 === 1)).toHaveLength(3)
      }
  })

  it("the frame supply fits the board: 30 frames, Parks for any setup, every zone can be framed", () => {
    const total = Object.values(FRAMES).reduce((k, f) => k + f.square + f.rectangle, 0)
    expect(total).toBe(30)
    expect(FRAMES.park).toEqual({ square: 3, rectangle: 3 })
    for (const shape of ["square", "rectangle"] as const) {
      const zones = ZONES.filter((z) => z.shape === shape).length
      expect(FRAMES.housing[shape] + FRAMES.industry[shape] + FRAMES.commerce[shape]).toBeGreaterThanOrEqual(
        zones,
      )
    }
  })
})
