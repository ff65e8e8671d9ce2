import type { View } from "@boroughs/core/games/manhattan"
import { BoxSwatch, Legend, type LegendItem, seatLegendItems } from "../../common/Legend.js"
import { plural, seatName } from "../../common/names.js"
import { seatColour, ui } from "../../common/palette.js"
import { SeatMarker } from "../../common/SeatMarker.js"
import { Facts, placeProps, type SeatRow, SeatsPanel } from "../../common/SeatsPanel.js"
import type { BoardProps, SeatInfo } from "../../common/types.js"
import { CITY, RING, SIZE, xyOf } from "./geometry.js"
import { bestOf, stepText } from "./step.js"

/** One board square, the margin and the header, in SVG units. */
const S = 64
const M = 12
const HEADER = 40
const WIDTH = M * 2 + SIZE * S
const HEIGHT = HEADER + SIZE * S + M

type Cell = View["cells"][number]
type Building = View["buildings"][number]

/** A seat colour mixed with white: building cells stay light enough for dark text on them. */
const tint = (hex: string, amount = 0.62): string => {
  const n = Number.parseInt(hex.slice(1), 16)
  const mix = (c: number) => Math.round(c + (255 - c) * amount)
  const [r, g, b] = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)]
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`
}

const TowerIcon = ({ x, y, seat }: { x: number; y: number; seat: number }) => {
  const c = seatColour(seat)
  return (
    <g aria-hidden="true" transform={`translate(${x} ${y})`}>
      <path
        d="M0 20 L0 4 L3 4 L3 0 L6 0 L6 4 L9 4 L9 0 L12 0 L12 4 L15 4 L15 0 L18 0 L18 4 L18 20 Z"
        fill={c.fill}
        stroke={ui.ink}
        strokeWidth={1.3}
        strokeLinejoin="round"
      />
      <text x={9} y={16} textAnchor="middle" fontSize={10} fontWeight={700} fill={c.ink}>
        {seat + 1}
      </text>
    </g>
  )
}

const RoofIcon = ({ x, y }: { x: number; y: number }) => (
  <path
    aria-hidden="true"
    d={`M${x} ${y + 12} L${x + 11} ${y} L${x + 22} ${y + 12} Z`}
    fill="#5B3A29"
    stroke={ui.ink}
    strokeWidth={1.2}
    strokeLinejoin="round"
  />
)

const Street = ({ x, y }: { x: number; y: number }) => (
  <g aria-hidden="true">
    <rect x={x + 2} y={y + 2} width={S - 4} height={S - 4} rx={3} fill="#6B7280" />
    <line
      x1={x + 8}
      y1={y + S / 2}
      x2={x + S - 8}
      y2={y + S / 2}
      stroke="#F3F4F6"
      strokeWidth={3}
      strokeDasharray="7 6"
    />
  </g>
)

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

const CityCell = ({
  view,
  seats,
  index,
  cell,
  highlighted,
  onSelect,
}: {
  view: View
  seats: ReadonlyArray<SeatInfo>
  index: number
  cell: Cell
  highlighted: boolean
  onSelect: ((place: string) => void) | undefined
}) => {
  const { x, y } = xyOf(index)
  const px = M + x * S
  const py = HEADER + y * S
  const building: Building | undefined = cell.kind === "building" ? view.buildings[cell.building] : undefined
  const owner = building?.owner ?? null
  const stepCell = "cell" in view.step ? view.step.cell : null
  return (
    <g {...placeProps(`cell-${x}-${y}`, cellLabel(view, seats, index, cell), onSelect)}>
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
      {highlighted ? (
        <rect className="bui-hl-ring" x={px - 1} y={py - 1} width={S + 2} height={S + 2} rx={7} />
      ) : null}
    </g>
  )
}

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

const RingCell = ({
  view,
  seats,
  square,
  highlighted,
  onSelect,
}: {
  view: View
  seats: ReadonlyArray<SeatInfo>
  square: (typeof RING)[number]
  highlighted: boolean
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
    <g {...placeProps(`ring-${square.square}`, label, onSelect)}>
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
      {highlighted ? (
        <rect className="bui-hl-ring" x={px - 1} y={py - 1} width={S + 2} height={S + 2} rx={7} />
      ) : null}
    </g>
  )
}

const PIPS: Record<number, ReadonlyArray<readonly [number, number]>> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
}

/** A die face with its pips (and its number for screen readers in the parent's label). */
export const Die = ({ x, y, value, size = 30 }: { x: number; y: number; value: number; size?: number }) => (
  <g aria-hidden="true">
    <rect
      x={x}
      y={y}
      width={size}
      height={size}
      rx={size * 0.18}
      fill="#FFFFFF"
      stroke={ui.ink}
      strokeWidth={1.5}
    />
    {(PIPS[value] ?? []).map(([dx, dy], i) => (
      <circle
        key={i}
        cx={x + size / 2 + (dx * size) / 3.6}
        cy={y + size / 2 + (dy * size) / 3.6}
        r={size / 11}
        fill={ui.ink}
      />
    ))}
  </g>
)

const BoardSvg = ({ view, seats, highlight, onSelect }: BoardProps<View>) => {
  const places = new Set(highlight?.places ?? [])
  const status = stepText(view, seats)
  return (
    <svg className="bui-svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="bui-mh-title">
      <title id="bui-mh-title">{`Manhattan board: ${status}`}</title>
      <defs>
        <pattern
          id="bui-mh-hatch"
          width="8"
          height="8"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <line x1="0" y1="0" x2="0" y2="8" stroke="#1B1F24" strokeOpacity="0.2" strokeWidth="3" />
        </pattern>
      </defs>
      <rect x={0} y={0} width={WIDTH} height={HEIGHT} rx={10} fill="#F8F9FB" />
      <text x={M} y={26} fontSize={17} fontWeight={700} fill={ui.ink}>
        {status}
      </text>
      {view.dice ? (
        <g>
          <title>{`Dice: ${view.dice[0]} and ${view.dice[1]}`}</title>
          <Die x={WIDTH - M - 64} y={6} value={view.dice[0]} size={28} />
          <Die x={WIDTH - M - 30} y={6} value={view.dice[1]} size={28} />
        </g>
      ) : null}
      <rect x={M + S} y={HEADER + S} width={CITY * S} height={CITY * S} fill="#DDE3EA" rx={4} />
      {view.cells.map((cell, index) => {
        const { x, y } = xyOf(index)
        return (
          <CityCell
            key={index}
            view={view}
            seats={seats}
            index={index}
            cell={cell}
            highlighted={places.has(`cell-${x}-${y}`)}
            onSelect={onSelect}
          />
        )
      })}
      {RING.map((square) => (
        <RingCell
          key={square.square}
          view={view}
          seats={seats}
          square={square}
          highlighted={places.has(`ring-${square.square}`)}
          onSelect={onSelect}
        />
      ))}
    </svg>
  )
}

const seatRows = (view: View): SeatRow[] =>
  Array.from({ length: view.seats }, (_, seat) => {
    const best = bestOf(view, seat)
    const towersInHand = (view.towers[seat] ?? []).filter((t) => t === null).length
    const extra = view.bankrupt[seat]
      ? "bankrupt: out of the game"
      : `best building ${plural(best.blocks, "block")} · ${plural(view.roofsHeld[seat] ?? 0, "roof")} in hand · ${plural(
          towersInHand,
          "tower",
        )} in hand`
    return {
      seat,
      stats: view.bankrupt[seat] ? "—" : `height ${best.height}`,
      extra,
      active: seat === view.current && view.step.kind !== "over",
    }
  })

/** Legend items of the Manhattan board. */
export const manhattanLegend = (seats: ReadonlyArray<SeatInfo>, count: number): LegendItem[] => [
  {
    key: "lot",
    symbol: <BoxSwatch fill="#FFFFFF" stroke="#C9CFD8" />,
    label: "Empty lot",
    meaning: "a crossing here builds a story",
  },
  {
    key: "street",
    symbol: (
      <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
        <rect x="1" y="1" width="20" height="16" rx="3" fill="#6B7280" />
        <line x1="4" y1="9" x2="18" y2="9" stroke="#F3F4F6" strokeWidth="2" strokeDasharray="3 3" />
      </svg>
    ),
    label: "Street",
    meaning: "laid where no story may go",
  },
  {
    key: "building",
    symbol: (
      <BoxSwatch fill={tint(seatColour(0).fill)} stroke={seatColour(0).fill}>
        <text x="8" y="14" fontSize="11" fontWeight="800" textAnchor="middle" fill={ui.ink}>
          3
        </text>
      </BoxSwatch>
    ),
    label: "Building",
    meaning: "owner's colour, stories as a number and bars",
  },
  {
    key: "tower",
    symbol: (
      <svg width="22" height="22" viewBox="-2 -1 22 22" aria-hidden="true">
        <TowerIcon x={0} y={0} seat={0} />
      </svg>
    ),
    label: "Tower",
    meaning: "marks the owner, on the highest stack",
  },
  {
    key: "roof",
    symbol: (
      <svg width="24" height="16" viewBox="0 0 24 16" aria-hidden="true">
        <RoofIcon x={1} y={2} />
      </svg>
    ),
    label: "Roof",
    meaning: "no story may go on this stack",
  },
  {
    key: "ownerless",
    symbol: (
      <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
        <rect x="1" y="1" width="20" height="16" rx="3" fill="#E5E7EB" stroke={ui.muted} />
        <path d="M3 15 L15 3 M9 16 L20 5" stroke="#1B1F24" strokeOpacity="0.3" strokeWidth="2.5" />
      </svg>
    ),
    label: "Ownerless",
    meaning: "left by a bankrupt player",
  },
  {
    key: "ring",
    symbol: <BoxSwatch fill="#EEF1F5" stroke="#B3BAC5" />,
    label: "Ring square ▼3",
    meaning: "a pawn here projects column or row 3",
  },
  {
    key: "crossing",
    symbol: <BoxSwatch fill="#FFFFFF" stroke={ui.ink} dash="4 2" />,
    label: "Crossing",
    meaning: "the cell being decided now",
  },
  ...seatLegendItems(seats, count).map((item) => ({
    ...item,
    meaning: `${item.meaning}; pawns on the ring`,
  })),
]

/** Manhattan: the 9×9 board — 7×7 city of buildings, towers and roofs inside the ring of pawns — and dice. */
export const ManhattanBoard = (props: BoardProps<View>) => {
  const { view, seats, highlight } = props
  return (
    <div className="bui-layout">
      <div className="bui-stage">
        <BoardSvg {...props} />
      </div>
      <div className="bui-side">
        <SeatsPanel seats={seats} rows={seatRows(view)} highlight={highlight} />
        <Facts
          title="Supply"
          facts={[
            ["Stories", view.supply.stories],
            ["Roofs", view.supply.roofs],
            ["Streets", view.supply.streets],
            ["Dice", view.dice ? `${view.dice[0]} and ${view.dice[1]}` : "not rolled"],
          ]}
        />
        <Legend items={manhattanLegend(seats, view.seats)} />
      </div>
    </div>
  )
}
