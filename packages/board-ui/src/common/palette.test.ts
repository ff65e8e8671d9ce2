import { describe, expect, it } from "vitest"
import { contrastRatio, seatColours, ui } from "./palette.js"

describe("seat colours", () => {
  it("text on every seat colour, and every seat's text shade on white, reaches 4.5:1", () => {
    for (const c of seatColours) {
      expect(contrastRatio(c.ink, c.fill), `${c.name} ink`).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(c.text, "#FFFFFF"), `${c.name} text`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it("six seats, six distinct colours and six distinct shapes", () => {
    expect(new Set(seatColours.map((c) => c.fill)).size).toBe(6)
    expect(new Set(seatColours.map((c) => c.shape)).size).toBe(6)
  })

  it("body text and muted text on panels reach 4.5:1", () => {
    expect(contrastRatio(ui.ink, ui.panel)).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(ui.muted, ui.panel)).toBeGreaterThanOrEqual(4.5)
  })

  it("computes the WCAG ratio (black on white is 21:1)", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5)
  })
})
