import type { ReactNode } from "react"
import { seatName } from "./names.js"
import { seatColour } from "./palette.js"
import { SeatSwatch } from "./SeatMarker.js"
import type { SeatInfo } from "./types.js"

/** One entry of a legend: a symbol as drawn on the board, and what it means in words. */
export interface LegendItem {
  readonly key: string
  readonly symbol: ReactNode
  readonly label: string
  readonly meaning?: string
}

/** A legend: every colour and icon of a board with its meaning, as text (never colour alone). */
export const Legend = ({ items, title = "Legend" }: { items: ReadonlyArray<LegendItem>; title?: string }) => (
  <section className="bui-panel" aria-label={title}>
    <h3>{title}</h3>
    <ul className="bui-legend">
      {items.map((item) => (
        <li key={item.key}>
          {item.symbol}
          <span>
            <b>{item.label}</b>
            {item.meaning ? ` — ${item.meaning}` : null}
          </span>
        </li>
      ))}
    </ul>
  </section>
)

/** Legend items for the seats of a game: each seat's piece, name and colour name. */
export const seatLegendItems = (seats: ReadonlyArray<SeatInfo>, count: number): LegendItem[] =>
  Array.from({ length: count }, (_, seat) => ({
    key: `seat-${seat}`,
    symbol: <SeatSwatch seat={seat} />,
    label: seatName(seats, seat),
    meaning: `${seatColour(seat).name} ${seatColour(seat).shape}, seat ${seat + 1}`,
  }))

/** The seats' pieces alone, as a legend (for pages that show several boards or none). */
export const SeatLegend = ({ seats, count }: { seats: ReadonlyArray<SeatInfo>; count?: number }) => (
  <Legend title="Players" items={seatLegendItems(seats, count ?? seats.length)} />
)

/** A small SVG swatch of a filled, outlined rectangle, for legends. */
export const BoxSwatch = ({
  fill,
  stroke = "#1B1F24",
  dash,
  children,
}: {
  fill: string
  stroke?: string
  dash?: string
  children?: ReactNode
}) => (
  <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
    <rect
      x="1"
      y="1"
      width="20"
      height="16"
      rx="3"
      fill={fill}
      stroke={stroke}
      strokeWidth="1.5"
      strokeDasharray={dash}
    />
    {children}
  </svg>
)
