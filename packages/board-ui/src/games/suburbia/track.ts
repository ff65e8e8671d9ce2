import { textWidth } from "../../common/fitText.js"

/**
 * The population track's layout: the track wraps into rows of a fixed span of population (50 on a laptop,
 * 25 on a phone), so a step is always wide enough for the red lines' labels (every odd number from 101 on
 * is a line) while every marker still sits at its exact value.
 */
export interface TrackLayout {
  readonly width: number
  /** Population per row. */
  readonly span: number
  readonly rows: ReadonlyArray<{ readonly from: number; readonly to: number }>
  /** A value's row and its x on that row. */
  readonly at: (value: number) => { readonly row: number; readonly x: number }
  /** The numbers printed under the track (every 10 on a laptop, every 5 on a phone), by row. */
  readonly ticks: ReadonlyArray<{ readonly value: number; readonly row: number; readonly x: number }>
  /** Red lines on the drawn rows, each with whether its number is printed (room permitting). */
  readonly lines: ReadonlyArray<{
    readonly value: number
    readonly row: number
    readonly x: number
    readonly labelled: boolean
  }>
}

/** Left and right margin of a row, in SVG units. */
export const TRACK_MARGIN = 24
/** The red lines' numbers: their font size, and the least air between two of them. */
export const LINE_LABEL_SIZE = 11
const LABEL_GAP = 6

export const trackLayout = (
  top: number,
  redLines: ReadonlyArray<number>,
  layout: "wide" | "tall",
): TrackLayout => {
  const width = layout === "wide" ? 960 : 480
  const span = layout === "wide" ? 50 : 25
  // Room past the leader for the next few steps; at least one full row.
  const end = Math.max(span, Math.ceil((Math.max(0, top) + 8) / span) * span)
  const rows = Array.from({ length: end / span }, (_, r) => ({ from: r * span, to: (r + 1) * span }))
  const inner = width - TRACK_MARGIN * 2
  const at = (value: number) => {
    const v = Math.min(Math.max(0, value), end)
    // A value on a row's end starts the next row, except the track's very end.
    const row = Math.min(Math.floor(v / span), rows.length - 1)
    return { row, x: TRACK_MARGIN + ((v - row * span) / span) * inner }
  }
  const every = layout === "wide" ? 10 : 5
  const ticks = rows.flatMap(({ from, to }, row) =>
    Array.from({ length: span / every + 1 }, (_, i) => from + i * every)
      .filter((value) => value <= to)
      .map((value) => ({ value, row, x: TRACK_MARGIN + ((value - from) / span) * inner })),
  )
  // Numbers that would touch their left neighbour's are left out; the track's title lists every line.
  let lastRow = -1
  let lastRight = Number.NEGATIVE_INFINITY
  const lines = redLines
    .filter((value) => value <= end)
    .map((value) => {
      const { row, x } = at(value)
      const half = textWidth(String(value), LINE_LABEL_SIZE, true) / 2
      const labelled = row !== lastRow || x - half >= lastRight + LABEL_GAP
      if (labelled) {
        lastRow = row
        lastRight = x + half
      }
      return { value, row, x, labelled }
    })
  return { width, span, rows, at, ticks, lines }
}
