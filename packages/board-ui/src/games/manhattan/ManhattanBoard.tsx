import type { View } from "@boroughs/core/games/manhattan"
import { BoxSwatch, Legend, type LegendItem, seatLegendItems } from "../../common/Legend.js"
import { marksOf } from "../../common/marks.js"
import { plural } from "../../common/names.js"
import { seatColour, ui } from "../../common/palette.js"
import { Facts, type SeatRow, SeatsPanel } from "../../common/SeatsPanel.js"
import type { BoardProps, SeatInfo } from "../../common/types.js"
import { CityCell } from "./city.js"
import { CITY, RING, xyOf } from "./geometry.js"
import { HEADER, HEIGHT, M, S, WIDTH } from "./layout.js"
import { Die, RoofIcon, TowerIcon, tint } from "./pieces.js"
import { RingCell } from "./ring.js"
import { bestOf, stepText } from "./step.js"

const BoardSvg = ({ view, seats, highlight, onSelect }: BoardProps<View>) => {
  const marks = marksOf(highlight)
  const status = stepText(view, seats)
  return (
    // A picture, unless its places are buttons: an image's content is hidden from assistive technology.
    <svg
      className="bui-svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role={onSelect ? "group" : "img"}
      aria-labelledby="bui-mh-title"
    >
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
            marks={marks(`cell-${x}-${y}`)}
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
          marks={marks(`ring-${square.square}`)}
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
