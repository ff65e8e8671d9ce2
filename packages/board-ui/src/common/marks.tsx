import type { ReactNode } from "react"
import type { Highlight } from "./types.js"

/**
 * How a place is marked: part of the last move (`hl`), a legal choice of the seat to move (`choice`), or a
 * place the person picked to narrow the choices (`selected`, always a choice too).
 */
export interface PlaceMarks {
  readonly hl: boolean
  readonly choice: boolean
  readonly selected: boolean
}

export const NO_MARKS: PlaceMarks = { hl: false, choice: false, selected: false }

/** The marks of every place under a highlight: one set lookup per place as a board draws it. */
export const marksOf = (highlight: Highlight | undefined): ((place: string) => PlaceMarks) => {
  const hl = new Set(highlight?.places ?? [])
  const choices = new Set(highlight?.choices ?? [])
  const selected = new Set(highlight?.selected ?? [])
  if (hl.size === 0 && choices.size === 0 && selected.size === 0) return () => NO_MARKS
  return (place) => ({
    hl: hl.has(place),
    choice: choices.has(place) || selected.has(place),
    selected: selected.has(place),
  })
}

/** How far inside its place a choice's ring sits: neighbouring choices (adjacent cells) never overlap. */
export const CHOICE_INSET = 4

/**
 * The rings an SVG place draws over itself: a legal choice's (solid, just inside the place) and the last
 * move's (dashed, on its edge). `ring(className, inset)` draws the place's shape `inset` units smaller.
 */
export const Rings = ({
  marks,
  ring,
}: {
  marks: PlaceMarks
  ring: (className: string, inset: number) => ReactNode
}) => (
  <>
    {marks.choice
      ? ring(marks.selected ? "bui-choice-ring bui-selected" : "bui-choice-ring", CHOICE_INSET)
      : null}
    {marks.hl ? ring("bui-hl-ring", 0) : null}
  </>
)

/**
 * `Rings` for a rectangular place: the rectangle (x, y, width, height) shrunk by `inset × shrink` on each
 * side, with rounded corners `rx`.
 */
export const RectRings = ({
  marks,
  x,
  y,
  width,
  height,
  rx,
  shrink = 1,
}: {
  marks: PlaceMarks
  x: number
  y: number
  width: number
  height: number
  rx: number
  shrink?: number
}) => (
  <Rings
    marks={marks}
    ring={(className, inset) => (
      <rect
        key={className}
        className={className}
        x={x + inset * shrink}
        y={y + inset * shrink}
        width={width - 2 * inset * shrink}
        height={height - 2 * inset * shrink}
        rx={rx}
      />
    )}
  />
)

/** The classes an HTML place (a market slot, a deck, a card) adds for its marks, each with a leading space. */
export const markClasses = (marks: PlaceMarks): string =>
  `${marks.hl ? " bui-hl" : ""}${marks.choice ? " bui-choice" : ""}${marks.selected ? " bui-selected" : ""}`
