import type { View } from "@boroughs/core/games/manhattan"
import { type PlaceMarks, RectRings } from "../../common/marks.js"
import { seatName } from "../../common/names.js"
import { ui } from "../../common/palette.js"
import { SeatMarker } from "../../common/SeatMarker.js"
import { placeProps } from "../../common/SeatsPanel.js"
import type { SeatInfo } from "../../common/types.js"
import { type RING, SIZE } from "./geometry.js"
import { HEADER, M, S } from "./layout.js"

/** The side of a board square in SVG units. */
export const SQUARE = S

/**
 * Where `count` pawns sit on one ring square, relative to its corner, below its projection label: rows of
 * three, or of four when crowded (all twelve pawns of six players can start on one corner).
 */
export const pawnSlots = (count: number): { radius: number; slots: { x: number; y: number }[] } => {
  const cols = count > 6 ? 4 : 3
  const pitch = (S - 8) / cols
  const rows = Math.ceil(count / cols)
  const radius = count > 6 ? 6.5 : 9
  const slots = Array.from({ length: count }, (_, i) => ({
    x: 4 + pitch / 2 + (i % cols) * pitch,
    y: 20 + (S - 22) / 2 + (Math.floor(i / cols) - (rows - 1) / 2) * (radius * 2 + 2),
  }))
  return { radius, slots }
}

const ARROWS = { top: "▼", bottom: "▲", left: "▶", right: "◀" } as const

/** One ring square: its projection arrow (or corner) and the pawns standing on it. */
export const RingCell = ({
  view,
  seats,
  square,
  marks,
  onSelect,
}: {
  view: View
  seats: ReadonlyArray<SeatInfo>
  square: (typeof RING)[number]
  marks: PlaceMarks
  onSelect: ((place: string) => void) | undefined
}) => {
  const px = M + square.column * S
  const py = HEADER + square.row * S
  const corner = square.projects === null
  const here: { seat: number; pawn: number }[] = []
  view.pawns.forEach((pair, seat) => {
    pair.forEach((at, pawn) => {
      if (at === square.square) here.push({ seat, pawn })
    })
  })
  const side =
    square.row === 0 ? "top" : square.row === SIZE - 1 ? "bottom" : square.column === 0 ? "left" : "right"
  const line =
    square.projects === null
      ? null
      : "column" in square.projects
        ? square.projects.column
        : square.projects.row
  const label = `Ring square ${square.square}${
    corner ? " (corner)" : `, projects ${"column" in (square.projects ?? {}) ? "column" : "row"} ${line}`
  }${here.length ? `: pawns of ${here.map((h) => seatName(seats, h.seat)).join(", ")}` : ""}`
  const { radius, slots: offsets } = pawnSlots(here.length)
  const slots = offsets.map((o) => ({ cx: px + o.x, cy: py + o.y }))
  return (
    <g {...placeProps(`ring-${square.square}`, label, onSelect, marks)}>
      <rect
        x={px + 2}
        y={py + 2}
        width={S - 4}
        height={S - 4}
        rx={4}
        fill={corner ? "#D5DAE1" : "#EEF1F5"}
        stroke="#B3BAC5"
      />
      {line !== null ? (
        <text x={px + S / 2} y={py + 15} textAnchor="middle" fontSize={11} fill={ui.muted} aria-hidden="true">
          {`${ARROWS[side]} ${line}`}
        </text>
      ) : (
        <text
          x={px + S / 2}
          y={py + 15}
          textAnchor="middle"
          fontSize={10}
          fontWeight={700}
          fill={ui.muted}
          aria-hidden="true"
        >
          CORNER
        </text>
      )}
      {here.map((h, i) => (
        <SeatMarker
          key={`${h.seat}-${h.pawn}`}
          seat={h.seat}
          cx={slots[i]?.cx ?? 0}
          cy={slots[i]?.cy ?? 0}
          r={radius}
          title={`${seatName(seats, h.seat)}'s pawn`}
        />
      ))}
      <rect className="bui-focus" x={px} y={py} width={S} height={S} rx={6} />
      <RectRings marks={marks} x={px - 1} y={py - 1} width={S + 2} height={S + 2} rx={7} />
    </g>
  )
}
