import { describe, expect, it } from "vitest"
import { type Box, nextPlace } from "./roving.js"

/** A 3 × 3 grid of 10-unit cells, row by row (index = row · 3 + column). */
const grid: Box[] = Array.from({ length: 9 }, (_, i) => ({
  x: (i % 3) * 10,
  y: Math.floor(i / 3) * 10,
  width: 8,
  height: 8,
}))

describe("arrow keys between a board's places", () => {
  it("move to the neighbour in that direction, and nowhere past the edge", () => {
    expect(nextPlace(grid, 4, "ArrowRight")).toBe(5)
    expect(nextPlace(grid, 4, "ArrowLeft")).toBe(3)
    expect(nextPlace(grid, 4, "ArrowUp")).toBe(1)
    expect(nextPlace(grid, 4, "ArrowDown")).toBe(7)
    expect(nextPlace(grid, 5, "ArrowRight")).toBeNull()
    expect(nextPlace(grid, 0, "ArrowUp")).toBeNull()
  })

  it("keep to the row or column rather than jump to a nearer place off it", () => {
    // Below and right of the top-left cell, nearer than the next cell of the row, but off the row.
    const boxes: Box[] = [...grid, { x: 9, y: 9, width: 1, height: 1 }]
    expect(nextPlace(boxes, 0, "ArrowRight")).toBe(1)
    expect(nextPlace(boxes, 0, "ArrowDown")).toBe(3)
  })

  it("follow a zigzag row of hexes to the next column, not the one after", () => {
    // Flat-topped hexes: every other column half a hex lower.
    const hexes: Box[] = [0, 1, 2, 3].map((q) => ({
      x: q * 15,
      y: q % 2 === 0 ? 0 : 8.7,
      width: 20,
      height: 17.3,
    }))
    expect(nextPlace(hexes, 0, "ArrowRight")).toBe(1)
    expect(nextPlace(hexes, 1, "ArrowRight")).toBe(2)
    expect(nextPlace(hexes, 2, "ArrowLeft")).toBe(1)
  })

  it("Home and End go to the first and last place; other keys move nowhere", () => {
    expect(nextPlace(grid, 4, "Home")).toBe(0)
    expect(nextPlace(grid, 4, "End")).toBe(8)
    expect(nextPlace(grid, 4, "Enter")).toBeNull()
    expect(nextPlace([], 0, "Home")).toBeNull()
  })
})
