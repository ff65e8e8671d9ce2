import { describe, expect, it } from "vitest"
import { contrastRatio, ui } from "./common/palette.js"
import { CONSTRUCTION_STYLE } from "./games/downtown/constructions.js"
import { BOULEVARD_FILL } from "./games/downtown/DowntownBoard.js"
import { CATEGORY_STYLE } from "./games/suburbia/data.js"
import { TYPE_STYLE } from "./games/uptown/data.js"

/** Every tinted surface a board writes text on, with the inks it uses there. */
const SURFACES: ReadonlyArray<{ name: string; fill: string; ink: string }> = [
  ...Object.entries(CONSTRUCTION_STYLE).map(([k, s]) => ({
    name: `downtown ${k}`,
    fill: s.fill,
    ink: s.ink,
  })),
  ...Object.entries(CATEGORY_STYLE).map(([k, s]) => ({ name: `suburbia ${k}`, fill: s.fill, ink: s.ink })),
  ...Object.entries(TYPE_STYLE).map(([k, s]) => ({ name: `uptown ${k}`, fill: s.fill, ink: s.ink })),
]

describe("contrast of text on every tinted surface", () => {
  it("body text and each surface's own ink reach 4.5:1", () => {
    for (const s of SURFACES) {
      expect(contrastRatio(ui.ink, s.fill), `${s.name}: body text`).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(s.ink, s.fill), `${s.name}: its ink`).toBeGreaterThanOrEqual(4.5)
      // Letters drawn in white on the ink (Suburbia's category badges).
      expect(contrastRatio("#FFFFFF", s.ink), `${s.name}: white on ink`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it("labels on the board backgrounds and the boulevard reach 4.5:1", () => {
    for (const bg of ["#F8F9FB", ui.panel, "#EEF1F5", "#D5DAE1"])
      expect(contrastRatio(ui.muted, bg), `muted on ${bg}`).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio("#FFFFFF", BOULEVARD_FILL), "white on the boulevard").toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio("#A12D22", "#F8F9FB"), "red-line values").toBeGreaterThanOrEqual(4.5)
  })

  it("a legal choice's ring stands out from every board background, and its number reads on it", () => {
    // WCAG 1.4.11: a control's outline reaches 3:1 against what is next to it.
    for (const bg of ["#FFFFFF", "#F8F9FB", ui.panel, "#EEF1F5", "#D5DAE1", ui.ground, ui.choiceTint])
      expect(contrastRatio(ui.choice, bg), `choice ring on ${bg}`).toBeGreaterThanOrEqual(3)
    expect(contrastRatio("#FFFFFF", ui.choice), "a choice's number").toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(ui.ink, ui.choiceTint), "text on a picked place").toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio("#A12D22", ui.panel), "a refusal in the choice panel").toBeGreaterThanOrEqual(4.5)
  })
})
