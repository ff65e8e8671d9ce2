import { describe, expect, it } from "vitest"
import { balancedLines, fitBlocks, textWidth } from "./fitText.js"

describe("textWidth", () => {
  it("grows with the text and the size, bold wider than regular, unknown characters a full em", () => {
    expect(textWidth("Suburbs", 10)).toBeLessThan(textWidth("Suburbs Park", 10))
    expect(textWidth("Suburbs", 10)).toBeLessThan(textWidth("Suburbs", 12))
    expect(textWidth("Suburbs", 10)).toBeLessThan(textWidth("Suburbs", 10, true))
    expect(textWidth("漢", 10)).toBe(10)
  })
})

describe("balancedLines", () => {
  it("prefers the split whose widest line is narrowest", () => {
    const best = balancedLines(["Tidewater", "Grand", "Hotel"], " ", 2, (l) => textWidth(l, 10))[0]
    expect(best).toEqual(["Tidewater", "Grand Hotel"])
  })
})

describe("fitBlocks", () => {
  const name = { pieces: ["International", "Airport"], joiner: " ", size: 12, bold: true, maxLines: 2 }

  it("keeps every piece, in order, and fits each line to its width", () => {
    const fitted = fitBlocks([name], { height: 40, widthAt: () => 90 })
    expect(fitted.squeeze).toBe(false)
    const block = fitted.blocks[0]
    expect(block?.lines.join(" ")).toBe("International Airport")
    for (const line of block?.lines ?? [])
      expect(textWidth(line, block?.size ?? 0, true)).toBeLessThanOrEqual(90)
  })

  it("wraps before it shrinks, and shrinks when wrapping is not enough", () => {
    const wide = fitBlocks([name], { height: 40, widthAt: () => 200 })
    expect(wide.blocks[0]).toEqual({ lines: ["International Airport"], size: 12, top: 0 })
    const wrapped = fitBlocks([name], { height: 40, widthAt: () => 110 })
    expect(wrapped.blocks[0]).toEqual({ lines: ["International", "Airport"], size: 12, top: 0 })
    const shrunk = fitBlocks([name], { height: 40, widthAt: () => 80 })
    expect(shrunk.blocks[0]?.lines).toEqual(["International", "Airport"])
    expect(shrunk.blocks[0]?.size).toBeLessThan(12)
  })

  it("squeezes rather than cuts when nothing fits at the smallest scale", () => {
    const fitted = fitBlocks([name], { height: 40, widthAt: () => 20 })
    expect(fitted.squeeze).toBe(true)
    expect(fitted.blocks[0]?.lines.join(" ")).toBe("International Airport")
  })

  it("centres the lines when they fit there too", () => {
    const fitted = fitBlocks([name], { height: 100, widthAt: () => 200, middle: true })
    expect(fitted.offset).toBeCloseTo((100 - fitted.height) / 2)
  })
})
