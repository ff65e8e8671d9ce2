import type { View } from "@boroughs/core/games/urban-sprawl"
import { BoxSwatch, Legend, type LegendItem, seatLegendItems } from "../../common/Legend.js"
import { markClasses, marksOf, type PlaceMarks, RectRings, Rings } from "../../common/marks.js"
import { plural, seatName } from "../../common/names.js"
import { ui } from "../../common/palette.js"
import { SeatMarker } from "../../common/SeatMarker.js"
import { placeProps, type SeatRow, SeatsPanel } from "../../common/SeatsPanel.js"
import type { BoardProps, Highlight, SeatInfo } from "../../common/types.js"
import { COSTS, cardName, cardWords, spaced, ZONE_STYLE, type Zone } from "./data.js"
import { stepText } from "./step.js"

/** A lot, a street between blocks, the margin for the edge markers and the header, in SVG units. */
const L = 30
const STREET = 12
const EDGE = 44
const HEAD = 8
const BLOCK = 2 * L
const PITCH = BLOCK + STREET
const SIDE = 6
const GRID = SIDE * BLOCK + (SIDE - 1) * STREET
const OX = EDGE
const OY = HEAD + EDGE
const WIDTH = EDGE * 2 + GRID
const HEIGHT = HEAD + EDGE * 2 + GRID

type Building = View["buildings"][number]

const blockXY = (block: number) => ({
  x: OX + (block % SIDE) * PITCH,
  y: OY + Math.floor(block / SIDE) * PITCH,
})
/** Top-left corner of lot `lot` (0 NW, 1 NE, 2 SW, 3 SE) of a block. */
const lotXY = (block: number, lot: number) => {
  const b = blockXY(block)
  return { x: b.x + (lot & 1) * L, y: b.y + (lot >> 1) * L }
}

const WEALTH = { fill: "#F2C94C", ink: "#1B1F24" }
const PRESTIGE = { fill: "#6D3FA0", ink: "#FFFFFF" }

const buildingWords = (b: Building, seats: ReadonlyArray<SeatInfo>, options: View["options"]) =>
  `${b.owner === null ? (b.zone === "PARK" ? "a park" : "unowned") : `${seatName(seats, b.owner)}'s`} ${
    b.zone === "PARK" ? "" : `${ZONE_STYLE[b.zone as Zone].label.toLowerCase()} `
  }building of size ${b.size}${b.card ? ` (${cardName(b.card, options)})` : " (starting building)"}`.replace(
    "  ",
    " ",
  )

/** One block: its lots, the buildings on them (joined shapes, zone tint, owner's piece), its value. */
const BlockShape = ({
  view,
  seats,
  block,
  marks,
  onSelect,
}: {
  view: View
  seats: ReadonlyArray<SeatInfo>
  block: number
  marks: PlaceMarks
  onSelect: ((place: string) => void) | undefined
}) => {
  const { x, y } = blockXY(block)
  const here = view.buildings.filter((b) => b.block === block && b.lots.length > 0)
  const covered = new Set(here.flatMap((b) => b.lots))
  const value = view.blockValues[block] ?? 0
  const row = Math.floor(block / SIDE)
  const col = block % SIDE
  const label = `Block ${block + 1} (row ${row + 1}, column ${col + 1}): value ${value}; ${
    here.length ? here.map((b) => buildingWords(b, seats, view.options)).join("; ") : "no buildings"
  }; ${plural(4 - covered.size, "empty lot")}`
  return (
    <g {...placeProps(`block-${block}`, label, onSelect, marks)}>
      <rect x={x} y={y} width={BLOCK} height={BLOCK} rx={3} fill="#FFFFFF" stroke="#C9CFD8" />
      {[0, 1, 2, 3]
        .filter((lot) => !covered.has(lot))
        .map((lot) => {
          const p = lotXY(block, lot)
          return (
            <rect
              key={lot}
              aria-hidden="true"
              x={p.x + 3}
              y={p.y + 3}
              width={L - 6}
              height={L - 6}
              rx={2}
              fill="none"
              stroke="#D5DAE1"
              strokeDasharray="3 3"
            />
          )
        })}
      {here.map((b) => {
        const style = ZONE_STYLE[b.zone as Zone]
        const has = new Set(b.lots)
        const first = lotXY(block, b.lots[0] ?? 0)
        return (
          <g key={b.id} aria-hidden="true">
            {b.lots.map((lot) => {
              const p = lotXY(block, lot)
              // Lots of one building join: no inset toward a lot of the same building.
              const right = (lot & 1) === 0 && has.has(lot + 1)
              const left = (lot & 1) === 1 && has.has(lot - 1)
              const down = lot < 2 && has.has(lot + 2)
              const up = lot >= 2 && has.has(lot - 2)
              const x0 = p.x + (left ? 0 : 2)
              const y0 = p.y + (up ? 0 : 2)
              return (
                <rect
                  key={lot}
                  x={x0}
                  y={y0}
                  width={p.x + L - (right ? 0 : 2) - x0}
                  height={p.y + L - (down ? 0 : 2) - y0}
                  fill={style.fill}
                />
              )
            })}
            {b.owner !== null ? (
              <SeatMarker seat={b.owner} cx={first.x + L / 2} cy={first.y + L / 2 - 3} r={8.5} />
            ) : b.zone === "PARK" ? (
              <g>
                <circle cx={first.x + L / 2} cy={first.y + L / 2 - 4} r={6} fill={style.ink} />
                <rect x={first.x + L / 2 - 1.2} y={first.y + L / 2} width={2.4} height={7} fill={style.ink} />
              </g>
            ) : null}
            <text
              x={first.x + L / 2}
              y={first.y + L - 3}
              textAnchor="middle"
              fontSize={7.5}
              fontWeight={700}
              fill={style.ink}
            >
              {b.zone}
            </text>
          </g>
        )
      })}
      <g aria-hidden="true">
        <circle cx={x + L} cy={y + L} r={7} fill="#FFFFFF" stroke={ui.muted} strokeWidth={1} />
        <text
          x={x + L}
          y={y + L}
          dy="0.35em"
          textAnchor="middle"
          fontSize={8.5}
          fontWeight={700}
          fill={ui.ink}
        >
          {value}
        </text>
      </g>
      <rect className="bui-focus" x={x - 2} y={y - 2} width={BLOCK + 4} height={BLOCK + 4} rx={4} />
      <RectRings marks={marks} x={x - 3} y={y - 3} width={BLOCK + 6} height={BLOCK + 6} rx={5} />
    </g>
  )
}

/** A marker space on an edge: its value in the currency's colour, or an empty dashed ring. */
const MarkerSpace = ({
  edge,
  space,
  value,
  cx,
  cy,
  marks,
  onSelect,
}: {
  edge: "west" | "north" | "south" | "east"
  space: number
  value: number | null
  cx: number
  cy: number
  marks: PlaceMarks
  onSelect: ((place: string) => void) | undefined
}) => {
  const wealth = edge === "south" || edge === "east"
  const c = wealth ? WEALTH : PRESTIGE
  const line =
    edge === "west"
      ? `rows ${space * 2 + 1}–${space * 2 + 2}`
      : edge === "north"
        ? `columns ${space * 2 + 1}–${space * 2 + 2}`
        : edge === "south"
          ? `column ${space + 1}`
          : `row ${space + 1}`
  const label = `${wealth ? "Wealth" : "Prestige"} marker for ${line}: ${value === null ? "empty" : value}`
  return (
    <g {...placeProps(`marker-${edge}-${space}`, label, onSelect, marks)}>
      {value === null ? (
        <circle cx={cx} cy={cy} r={13} fill="none" stroke="#B3BAC5" strokeDasharray="3 3" />
      ) : (
        <g aria-hidden="true">
          {wealth ? (
            <circle cx={cx} cy={cy} r={14} fill={c.fill} stroke={ui.ink} strokeWidth={1.2} />
          ) : (
            <rect
              x={cx - 13}
              y={cy - 13}
              width={26}
              height={26}
              rx={6}
              fill={c.fill}
              stroke={ui.ink}
              strokeWidth={1.2}
            />
          )}
          <text x={cx} y={cy} dy="0.35em" textAnchor="middle" fontSize={12} fontWeight={800} fill={c.ink}>
            {wealth ? `$${value}` : `★${value}`}
          </text>
        </g>
      )}
      <circle className="bui-focus" cx={cx} cy={cy} r={16} />
      <Rings
        marks={marks}
        ring={(className, inset) => (
          <circle key={className} className={className} cx={cx} cy={cy} r={18 - inset / 2} />
        )}
      />
    </g>
  )
}

const BoardSvg = ({ view, seats, highlight, onSelect }: BoardProps<View>) => {
  const marks = marksOf(highlight)
  const m = view.markers
  const spaces = [
    ...m.west.map((v, i) => ({
      edge: "west" as const,
      i,
      v,
      cx: OX - EDGE / 2,
      cy: OY + i * 2 * PITCH + (2 * PITCH - STREET) / 2,
    })),
    ...m.north.map((v, i) => ({
      edge: "north" as const,
      i,
      v,
      cx: OX + i * 2 * PITCH + (2 * PITCH - STREET) / 2,
      cy: OY - EDGE / 2,
    })),
    ...m.south.map((v, i) => ({
      edge: "south" as const,
      i,
      v,
      cx: OX + i * PITCH + BLOCK / 2,
      cy: OY + GRID + EDGE / 2,
    })),
    ...m.east.map((v, i) => ({
      edge: "east" as const,
      i,
      v,
      cx: OX + GRID + EDGE / 2,
      cy: OY + i * PITCH + BLOCK / 2,
    })),
  ]
  return (
    // A picture, unless its places are buttons: an image's content is hidden from assistive technology.
    <svg
      className="bui-svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role={onSelect ? "group" : "img"}
      aria-labelledby="bui-us-title"
    >
      <title id="bui-us-title">{`Urban Sprawl board: ${stepText(view, seats)}`}</title>
      <rect x={0} y={0} width={WIDTH} height={HEIGHT} rx={10} fill="#F8F9FB" />
      <rect x={OX - 4} y={OY - 4} width={GRID + 8} height={GRID + 8} rx={6} fill="#8A94A3" />
      {Array.from({ length: SIDE * SIDE }, (_, block) => (
        <BlockShape
          key={block}
          view={view}
          seats={seats}
          block={block}
          marks={marks(`block-${block}`)}
          onSelect={onSelect}
        />
      ))}
      {spaces.map((s) => (
        <MarkerSpace
          key={`${s.edge}-${s.i}`}
          edge={s.edge}
          space={s.i}
          value={s.v}
          cx={s.cx}
          cy={s.cy}
          marks={marks(`marker-${s.edge}-${s.i}`)}
          onSelect={onSelect}
        />
      ))}
    </svg>
  )
}

/** The face-up cards: contract boxes (1–5 AP) and deck tops, planning boxes (1–4 AP) and the planning top. */
const Cards = ({
  view,
  highlight,
  onSelect,
}: {
  view: View
  highlight: Highlight | undefined
  onSelect: ((place: string) => void) | undefined
}) => {
  const marks = marksOf(highlight)
  const slot = (place: string, cost: string, id: string | null, extra?: string) => (
    <div
      key={place}
      {...placeProps(
        place,
        `${cost}: ${id ? cardWords(id, view.options) : "empty"}${extra ? `; ${extra}` : ""}`,
        onSelect,
        marks(place),
      )}
      className={`bui-place bui-deck${markClasses(marks(place))}`}
    >
      <span>
        <b>{cost}</b>
        {` · ${id ? cardName(id, view.options) : "empty"}`}
        {extra ? <span className="bui-muted">{` · ${extra}`}</span> : null}
      </span>
    </div>
  )
  const decks = (["town", "city", "metro"] as const).map((d) =>
    slot(
      `deck-${d}`,
      `${spaced(d)} top, ${COSTS.deckTops[d]} AP`,
      view.decks[d].top,
      `${plural(view.deckSizes[d], "card")} left${view.decks[d].active ? "" : ", not in play yet"}`,
    ),
  )
  return (
    <>
      <section className="bui-panel" aria-label="Contracts">
        <h3>Contracts</h3>
        <div className="bui-market-row">
          {view.contractBoxes.map((id, box) =>
            slot(`contract-${box}`, `${COSTS.contractBoxes[box] ?? box + 1} AP`, id),
          )}
          {decks}
        </div>
      </section>
      <section className="bui-panel" aria-label="Planning">
        <h3>{`Planning · ${plural(view.deckSizes.planning, "card")} in the deck · ${view.discard.length} discarded`}</h3>
        <div className="bui-market-row">
          {view.planningBoxes.map((id, box) =>
            slot(`planning-${box}`, `${COSTS.planningBoxes[box] ?? box + 1} AP`, id),
          )}
          {slot("planning-top", `Deck top, ${COSTS.planningTop} AP`, view.planning.top)}
        </div>
      </section>
    </>
  )
}

const OFFICE_ORDER = ["Mayor", "UnionBoss", "PoliceChief", "Treasurer", "DistrictAttorney"] as const

/**
 * One seat's planning cards and Favors as places (the viewer's, or the active player's for a spectator):
 * hands are public, and a player invests a permit, builds or discards a Favor by pointing at it.
 */
const Hand = ({ view, seats, highlight, onSelect }: BoardProps<View>) => {
  const seat = view.viewer ?? view.active
  const player = view.players[seat]
  if (!player) return null
  const marks = marksOf(highlight)
  const whose = view.viewer === seat ? "Your" : `${seatName(seats, seat)}'s`
  const counted = (ids: ReadonlyArray<string>) =>
    [...new Set(ids)].map((id) => ({ id, n: ids.filter((x) => x === id).length }))
  const card = (kind: "hand" | "favor", id: string, n: number) => {
    const place = `${kind}-${id}`
    return (
      <div
        key={place}
        {...placeProps(
          place,
          `${kind === "hand" ? "Planning card in hand" : "Favor"}: ${cardWords(id, view.options)}${n > 1 ? ` (${n} of them)` : ""}`,
          onSelect,
          marks(place),
        )}
        className={`bui-place bui-deck${markClasses(marks(place))}`}
      >
        <span>
          {cardName(id, view.options)}
          {n > 1 ? <b>{` ×${n}`}</b> : null}
        </span>
      </div>
    )
  }
  return (
    <section className="bui-panel" aria-label={`${whose} cards`}>
      <h3>{`${whose} cards`}</h3>
      <div className="bui-market-row">
        {player.hand.length === 0 ? <span className="bui-muted">No planning cards in hand</span> : null}
        {counted(player.hand).map(({ id, n }) => card("hand", id, n))}
      </div>
      {player.favors.length > 0 ? (
        <>
          <h3 className="bui-subhead">Favors</h3>
          <div className="bui-market-row">
            {counted(player.favors).map(({ id, n }) => card("favor", id, n))}
          </div>
        </>
      ) : null}
    </section>
  )
}

/** The offices (places: the Municipal Court lets a player take one), the next election and the Contractor. */
const Offices = ({ view, seats, highlight, onSelect }: BoardProps<View>) => {
  const marks = marksOf(highlight)
  return (
    <section className="bui-panel" aria-label="Offices">
      <h3>Offices</h3>
      <div className="bui-market-row">
        {OFFICE_ORDER.map((o) => {
          const place = `office-${o}`
          const holder = view.offices[o] === null ? "vacant" : seatName(seats, view.offices[o] as number)
          return (
            <div
              key={o}
              {...placeProps(place, `${spaced(o)}: ${holder}`, onSelect, marks(place))}
              className={`bui-place bui-deck${markClasses(marks(place))}`}
            >
              <span>
                <b>{spaced(o)}</b>
                {` · ${holder}`}
              </span>
            </div>
          )
        })}
      </div>
      <dl className="bui-facts bui-offices-facts">
        <dt>Next election</dt>
        <dd>{spaced(OFFICE_ORDER[view.pawn] ?? "Mayor")}</dd>
        <dt>Contractor</dt>
        <dd>{view.contractor === null ? "nobody" : seatName(seats, view.contractor)}</dd>
      </dl>
    </section>
  )
}

const seatRows = (view: View): SeatRow[] =>
  view.players.map((p, seat) => {
    const offices = OFFICE_ORDER.filter((o) => view.offices[o] === seat).map(spaced)
    const vocations = Object.entries(p.vocations)
      .filter(([, n]) => n > 0)
      .map(([v, n]) => `${spaced(v)} ${n}`)
    const owned = view.buildings.filter((b) => b.owner === seat && b.lots.length > 0).length
    const extra = [
      `${plural(owned, "building")}`,
      p.hand.length ? `hand: ${p.hand.map((id) => cardName(id, view.options)).join("; ")}` : "empty hand",
      p.favors.length ? `favors: ${p.favors.map((id) => cardName(id, view.options)).join(", ")}` : "",
      vocations.length ? `vocations: ${vocations.join(", ")}` : "",
      offices.length ? `office: ${offices.join(", ")}` : "",
      view.contractor === seat ? "contractor" : "",
      view.startPlayer === seat ? "start player" : "",
    ].filter(Boolean)
    return {
      seat,
      stats: `$${p.wealth} · ★${p.prestige}`,
      extra: extra.join(" · "),
      active: seat === view.active && view.phase !== "over",
    }
  })

/** Legend items of the Urban Sprawl board. */
export const urbanSprawlLegend = (seats: ReadonlyArray<SeatInfo>, count: number): LegendItem[] => [
  ...(Object.keys(ZONE_STYLE) as Zone[]).map((z) => ({
    key: z,
    symbol: (
      <BoxSwatch fill={ZONE_STYLE[z].fill} stroke={ZONE_STYLE[z].ink}>
        <text x="11" y="12.5" textAnchor="middle" fontSize="7" fontWeight="800" fill={ZONE_STYLE[z].ink}>
          {z}
        </text>
      </BoxSwatch>
    ),
    label: ZONE_STYLE[z].label,
    meaning: z === "PARK" ? "nobody owns it" : `zone ${z}; the piece is its owner`,
  })),
  {
    key: "value",
    symbol: (
      <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
        <circle cx="11" cy="9" r="7.5" fill="#FFFFFF" stroke={ui.muted} />
        <text x="11" y="12" textAnchor="middle" fontSize="8" fontWeight="700" fill={ui.ink}>
          7
        </text>
      </svg>
    ),
    label: "Block value",
    meaning: "the markers on its row and column",
  },
  {
    key: "wealth",
    symbol: <BoxSwatch fill={WEALTH.fill} />,
    label: "$ marker",
    meaning: "wealth payout for a row or column (south, east)",
  },
  {
    key: "prestige",
    symbol: <BoxSwatch fill={PRESTIGE.fill} />,
    label: "★ marker",
    meaning: "prestige payout for two rows or columns (west, north)",
  },
  ...seatLegendItems(seats, count),
]

/** Urban Sprawl: the 6×6 city of blocks and buildings, the edge markers, the face-up cards, players and offices. */
export const UrbanSprawlBoard = (props: BoardProps<View>) => {
  const { view, seats, highlight, onSelect } = props
  return (
    <div className="bui-layout">
      <div className="bui-stage bui-stack">
        <p className="bui-status bui-headline">{stepText(view, seats)}</p>
        <BoardSvg {...props} />
        <Cards view={view} highlight={highlight} onSelect={onSelect} />
        <Hand {...props} />
      </div>
      <div className="bui-side">
        <SeatsPanel seats={seats} rows={seatRows(view)} highlight={highlight} />
        <Offices {...props} />
        <Legend items={urbanSprawlLegend(seats, view.seats)} />
      </div>
    </div>
  )
}
