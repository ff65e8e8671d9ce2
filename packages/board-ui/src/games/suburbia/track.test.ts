import { suburbia } from "@boroughs/core/games/suburbia"
import { describe, expect, it } from "vitest"
import { textWidth } from "../../common/fitText.js"
import { LINE_LABEL_SIZE, TRACK_MARGIN, trackLayout } from "./track.js"

const RED_LINES = suburbia.catalogue(suburbia.defaultOptions).populationTrack.redLines

describe("trackLayout", () => {
  for (const layout of ["wide", "tall"] as const) {
    for (const top of [0, 34, 97, 150]) {
      it(`${layout}, leader at ${top}: every printed number stands clear of its neighbours`, () => {
        const track = trackLayout(top, RED_LINES, layout)
        expect(track.rows.at(-1)?.to).toBeGreaterThanOrEqual(top + 8)
        const byRow = (row: number) => track.lines.filter((l) => l.row === row && l.labelled)
        track.rows.forEach((_, row) => {
          const labels = byRow(row)
          for (let i = 1; i < labels.length; i++) {
            const a = labels[i - 1] as (typeof labels)[number]
            const b = labels[i] as (typeof labels)[number]
            const halfWidths =
              (textWidth(String(a.value), LINE_LABEL_SIZE, true) +
                textWidth(String(b.value), LINE_LABEL_SIZE, true)) /
              2
            expect(b.x - a.x, `${a.value}–${b.value}`).toBeGreaterThanOrEqual(halfWidths + 6)
          }
          const ticks = track.ticks.filter((t) => t.row === row)
          for (let i = 1; i < ticks.length; i++)
            expect((ticks[i]?.x ?? 0) - (ticks[i - 1]?.x ?? 0)).toBeGreaterThanOrEqual(40)
        })
        // With rows this short, no red line loses its number.
        expect(track.lines.every((l) => l.labelled)).toBe(true)
      })
    }

    it(`${layout}: a piece sits at its exact value on its row`, () => {
      const track = trackLayout(150, RED_LINES, layout)
      const inner = track.width - TRACK_MARGIN * 2
      for (let v = 0; v < 150; v++) {
        const { row, x } = track.at(v)
        expect(row).toBe(Math.floor(v / track.span))
        expect(x).toBeCloseTo(TRACK_MARGIN + ((v % track.span) / track.span) * inner)
      }
      for (const l of track.lines) expect(track.at(l.value)).toEqual({ row: l.row, x: l.x })
    })
  }

  it("drops a number rather than overprint it when lines crowd", () => {
    const crowded = trackLayout(40, [10, 11, 12, 13, 30], "tall")
    expect(crowded.lines.map((l) => l.labelled)).toEqual([true, false, true, false, true])
  })
})
