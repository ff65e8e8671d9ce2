import type { View } from "@boroughs/core/games/manhattan"
import { type PlaceMarks, RectRings } from "../../common/marks.js"
import { plural, seatName } from "../../common/names.js"
import { seatColour, ui } from "../../common/palette.js"
import { placeProps } from "../../common/SeatsPanel.js"
import type { SeatInfo } from "../../common/types.js"
import { CITY, xyOf } from "./geometry.js"
import { HEADER, M, S } from "./layout.js"
import { RoofIcon, Street, TowerIcon, tint } from "./pieces.js"

type Cell = View["cells"][number]
type Building = View["buildings"][number]

const cellLabel = (view: View, seats: ReadonlyArray<SeatInfo>, index: number, cell: Cell): string => {
  const { x, y } = xyOf(index)
  const at = `Column ${x}, row ${y}`
  if (cell.kind === "empty") return `${at}: empty lot`
  if (cell.kind === "street") return `${at}: street`
  const b = view.buildings[cell.building]
  const owner = b?.owner ?? null
  const top = cell.top === "tower" ? ", tower on top" : cell.top === "roof" ? ", roofed" : ""
  return `${at}: ${plural(cell.height, "story", "stories")}${top}, building ${cell.building + 1} ${
    owner === null ? "(ownerless)" : `of ${seatName(seats, owner)}`
  }${b ? `, ${plural(b.blocks, "block")} in all` : ""}`
}

/** One city cell: an empty lot, a street, or a story of a building joined to its neighbours of the same building. */
export const CityCell = ({
  view,
  seats,
  index,
  cell,
  marks,
  onSelect,
}: {
  view: View
  seats: ReadonlyArray<SeatInfo>
  index: number
  cell: Cell
  marks: PlaceMarks
  onSelect: ((place: string) => void) | undefined
}) => {
  const { x, y } = xyOf(index)
  const px = M + x * S
  const py = HEADER + y * S
  const building: Building | undefined = cell.kind === "building" ? view.buildings[cell.building] : undefined
  const owner = building?.owner ?? null
  const stepCell = "cell" in view.step ? view.step.cell : null
  return (
    <g {...placeProps(`cell-${x}-${y}`, cellLabel(view, seats, index, cell), onSelect, marks)}>
      {cell.kind === "street" ? (
        <Street x={px} y={py} />
      ) : cell.kind === "empty" ? (
        <rect x={px + 2} y={py + 2} width={S - 4} height={S - 4} rx={4} fill="#FFFFFF" stroke="#C9CFD8" />
      ) : (
        <g>
          {(() => {
            // Cells of one building join into one shape: no gap and no edge between them, a bold edge
            // around the whole building in its owner's colour.
            const same = (dx: number, dy: number) => {
              const nx = x + dx
              const ny = y + dy
              if (nx < 1 || nx > CITY || ny < 1 || ny > CITY) return false
              const other = view.cells[(ny - 1) * CITY + (nx - 1)]
              return other?.kind === "building" && other.building === cell.building
            }
            const [l, r, t, b] = [same(-1, 0), same(1, 0), same(0, -1), same(0, 1)]
            const x0 = px + (l ? 0 : 2)
            const x1 = px + S - (r ? 0 : 2)
            const y0 = py + (t ? 0 : 2)
            const y1 = py + S - (b ? 0 : 2)
            const edge = owner === null ? ui.muted : seatColour(owner).text
            return (
              <>
                <rect
                  x={x0}
                  y={y0}
                  width={x1 - x0}
                  height={y1 - y0}
                  fill={owner === null ? "#E5E7EB" : tint(seatColour(owner).fill)}
                />
                {l ? null : <line x1={x0} y1={y0} x2={x0} y2={y1} stroke={edge} strokeWidth={3} />}
                {r ? null : <line x1={x1} y1={y0} x2={x1} y2={y1} stroke={edge} strokeWidth={3} />}
                {t ? null : <line x1={x0} y1={y0} x2={x1} y2={y0} stroke={edge} strokeWidth={3} />}
                {b ? null : <line x1={x0} y1={y1} x2={x1} y2={y1} stroke={edge} strokeWidth={3} />}
              </>
            )
          })()}
          {owner === null ? (
            <rect x={px + 2} y={py + 2} width={S - 4} height={S - 4} rx={4} fill="url(#bui-mh-hatch)" />
          ) : null}
          {/* Stories as a stack of bars: the height reads at a glance, the number exactly. */}
          {Array.from({ length: Math.min(cell.height, 9) }, (_, i) => (
            <rect
              key={i}
              aria-hidden="true"
              x={px + S - 14}
              y={py + S - 10 - i * 5.2}
              width={8}
              height={4}
              fill={ui.ink}
              fillOpacity={0.72}
            />
          ))}
          <text
            x={px + 32}
            y={py + 47}
            textAnchor="middle"
            fontSize={24}
            fontWeight={800}
            fill={ui.ink}
            aria-hidden="true"
          >
            {cell.height}
          </text>
          {cell.top === "tower" && owner !== null ? <TowerIcon x={px + 7} y={py + 6} seat={owner} /> : null}
          {cell.top === "roof" ? <RoofIcon x={px + 6} y={py + 6} /> : null}
        </g>
      )}
      {stepCell === index ? (
        <rect
          x={px + 1}
          y={py + 1}
          width={S - 2}
          height={S - 2}
          rx={5}
          fill="none"
          stroke={ui.ink}
          strokeWidth={3}
          strokeDasharray="6 3"
        />
      ) : null}
      <rect className="bui-focus" x={px} y={py} width={S} height={S} rx={6} />
      <RectRings marks={marks} x={px - 1} y={py - 1} width={S + 2} height={S + 2} rx={7} />
    </g>
  )
}
