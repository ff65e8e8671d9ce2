import type { ReactNode } from "react"
import { NO_MARKS, type PlaceMarks } from "./marks.js"
import { seatName } from "./names.js"
import { SeatSwatch } from "./SeatMarker.js"
import type { Highlight, SeatInfo } from "./types.js"

/** One seat's row: its numbers in words and an optional second line (status, secrets it may see). */
export interface SeatRow {
  readonly seat: number
  readonly stats: ReactNode
  readonly extra?: ReactNode
  /** The seat owes the decision now (or is the current player). */
  readonly active?: boolean
}

/** The seats of a game with their public numbers; the active seat is framed, highlighted seats ringed. */
export const SeatsPanel = ({
  seats,
  rows,
  highlight,
  title = "Players",
}: {
  seats: ReadonlyArray<SeatInfo>
  rows: ReadonlyArray<SeatRow>
  highlight?: Highlight | undefined
  title?: string
}) => (
  <section className="bui-panel" aria-label={title}>
    <h3>{title}</h3>
    <ul className="bui-seats">
      {rows.map((row) => {
        const classes = ["bui-seat"]
        if (row.active) classes.push("bui-active")
        if (highlight?.seats?.includes(row.seat)) classes.push("bui-hl")
        return (
          <li
            key={row.seat}
            className={classes.join(" ")}
            data-seat={row.seat}
            aria-current={row.active ? "true" : undefined}
          >
            <SeatSwatch seat={row.seat} size={20} />
            <span className="bui-seat-name">{seatName(seats, row.seat)}</span>
            <span className="bui-seat-stats">{row.stats}</span>
            {row.extra ? <span className="bui-seat-extra">{row.extra}</span> : null}
          </li>
        )
      })}
    </ul>
  </section>
)

/** Facts as a definition list ("Round" → "3"). */
export const Facts = ({
  title,
  facts,
}: {
  title: string
  facts: ReadonlyArray<readonly [string, ReactNode]>
}) => (
  <section className="bui-panel" aria-label={title}>
    <h3>{title}</h3>
    <dl className="bui-facts">
      {facts.map(([term, value]) => (
        <FactRow key={term} term={term} value={value} />
      ))}
    </dl>
  </section>
)

const FactRow = ({ term, value }: { term: string; value: ReactNode }) => (
  <>
    <dt>{term}</dt>
    <dd>{value}</dd>
  </>
)

/**
 * Props that make an SVG group an interactive place: focusable, labelled, activated by click, Enter or Space.
 * Without `onSelect` the place is still focusable so keyboard users can read each label in turn. A place
 * that is a legal choice says so in its label (the ring alone would be lost on a screen reader).
 */
export const placeProps = (
  place: string,
  label: string,
  onSelect: ((place: string) => void) | undefined,
  marks: PlaceMarks = NO_MARKS,
) => ({
  className: "bui-place",
  tabIndex: 0,
  role: onSelect ? "button" : "group",
  "aria-label": marks.selected
    ? `${label} (picked: its choices are listed)`
    : marks.choice
      ? `${label} (you can choose this)`
      : label,
  "data-place": place,
  "data-choice": marks.choice ? "true" : undefined,
  onClick: onSelect ? () => onSelect(place) : undefined,
  onKeyDown: onSelect
    ? (e: { key: string; preventDefault: () => void }) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault()
          onSelect(place)
        }
      }
    : undefined,
})
