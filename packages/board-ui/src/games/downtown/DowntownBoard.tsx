import type { View } from "@boroughs/core/games/downtown"
import { textWidth } from "../../common/fitText.js"
import { BoxSwatch, Legend, type LegendItem, seatLegendItems } from "../../common/Legend.js"
import { marksOf, type PlaceMarks, RectRings } from "../../common/marks.js"
import { plural, seatName } from "../../common/names.js"
import { ui } from "../../common/palette.js"
import { SeatMarker } from "../../common/SeatMarker.js"
import { Facts, placeProps, type SeatRow, SeatsPanel } from "../../common/SeatsPanel.js"
import type { BoardProps, SeatInfo } from "../../common/types.js"
import { CONSTRUCTION_STYLE, type Construction, ConstructionIcon } from "./constructions.js"
import { ACROSS, BOULEVARD_X, GRID, isZoned, plotsOf, ZONES, type Zone } from "./geometry.js"
import { stepText } from "./step.js"

type Layout = "wide" | "tall"

/** The boulevard's colour: dark enough for its white label (contrast.test.ts). */
export const BOULEVARD_FILL = "#5B6472"

/** Size of one plot, the boulevard's width and the margins, in SVG units. */
const P = 48
const BOULEVARD = 44
const MARGIN = 12
const HEADER = 34
const HALF_W = BOULEVARD_X * P
const HALF_H = GRID.height * P

const size = (layout: Layout) =>
  layout === "wide"
    ? { width: MARGIN * 2 + HALF_W * 2 + BOULEVARD, height: HEADER + HALF_H + MARGIN }
    : { width: MARGIN * 2 + HALF_W, height: HEADER * 2 + HALF_H * 2 + BOULEVARD + MARGIN }

/** Where a half's top-left corner sits in each layout: side by side (laptop) or stacked (phone). */
const origin = (layout: Layout, half: "west" | "east") =>
  half === "west"
    ? { x: MARGIN, y: HEADER }
    : layout === "wide"
      ? { x: MARGIN + HALF_W + BOULEVARD, y: HEADER }
      : { x: MARGIN, y: HEADER * 2 + HALF_H + BOULEVARD }

const zoneRect = (layout: Layout, z: Zone) => {
  const o = origin(layout, z.half)
  const gx = z.half === "east" ? z.x - BOULEVARD_X : z.x
  return { x: o.x + gx * P, y: o.y + z.y * P, w: z.w * P, h: z.h * P }
}

const constructionWord = (c: Construction | null) => (c ? CONSTRUCTION_STYLE[c].label : "no construction")

/** The words a screen reader hears for a zone: number, construction, owners, state. */
const zoneLabel = (view: View, seats: ReadonlyArray<SeatInfo>, zone: number): string => {
  const z = view.zones[zone - 1]
  if (!z) return `Zone ${zone}`
  const parts = [`Zone ${zone}`]
  if (!isZoned(view, zone)) parts.push("not yet zoned")
  else parts.push(constructionWord(z.construction))
  const owners = new Map<number, number>()
  for (const s of z.markers) owners.set(s, (owners.get(s) ?? 0) + 1)
  if (owners.size > 0)
    parts.push(
      [...owners].map(([s, n]) => `${seatName(seats, s)} ${plural(n, "space")}`).join(", ") +
        `; ${4 - z.markers.length} free`,
    )
  else if (isZoned(view, zone)) parts.push("4 free spaces")
  if (z.closed) parts.push("scored and closed")
  if (view.step.zone === zone) parts.push("being decided now")
  else if (view.drawn.includes(zone)) parts.push("zoned this round")
  return parts.join(", ")
}

const ZoneShape = ({
  view,
  seats,
  zone,
  layout,
  marks,
  onSelect,
}: {
  view: View
  seats: ReadonlyArray<SeatInfo>
  zone: Zone
  layout: Layout
  marks: PlaceMarks
  onSelect: ((place: string) => void) | undefined
}) => {
  const state = view.zones[zone.zone - 1]
  const r = zoneRect(layout, zone)
  const zoned = isZoned(view, zone.zone)
  const construction = state?.construction ?? null
  const style = construction ? CONSTRUCTION_STYLE[construction] : null
  const fill = style ? style.fill : zoned ? ui.surface : ui.ground
  const current = view.step.zone === zone.zone
  const inset = 3
  const plots = plotsOf(zone)
  const o = origin(layout, zone.half)
  const gx0 = zone.half === "east" ? BOULEVARD_X : 0
  const place = `zone-${zone.zone}`
  return (
    <g {...placeProps(place, zoneLabel(view, seats, zone.zone), onSelect, marks)}>
      <rect
        x={r.x + inset}
        y={r.y + inset}
        width={r.w - inset * 2}
        height={r.h - inset * 2}
        rx={6}
        fill={fill}
        stroke={style ? style.ink : zoned ? ui.line : "#B3BAC5"}
        strokeWidth={current ? 3 : 1.5}
        strokeDasharray={zoned ? undefined : "5 4"}
      />
      {state?.closed ? (
        <rect
          x={r.x + inset}
          y={r.y + inset}
          width={r.w - inset * 2}
          height={r.h - inset * 2}
          rx={6}
          fill={`url(#bui-dt-hatch-${layout})`}
        />
      ) : null}
      {plots.map((p, plot) => {
        const cx = o.x + (p.x - gx0) * P
        const cy = o.y + p.y * P + 6
        const owner = state?.markers[plot]
        return owner === undefined ? (
          state?.closed ? null : (
            <circle key={plot} cx={cx} cy={cy} r={8} fill="none" stroke="#8A94A3" strokeDasharray="2 3" />
          )
        ) : (
          <SeatMarker
            key={plot}
            seat={owner}
            cx={cx}
            cy={cy}
            r={10.5}
            title={`${seatName(seats, owner)}'s space`}
          />
        )
      })}
      <g aria-hidden="true">
        <rect
          x={r.x + 5}
          y={r.y + 5}
          width={zone.zone >= 10 ? 22 : 16}
          height={16}
          rx={4}
          fill={current ? ui.ink : "#FFFFFF"}
          stroke={ui.ink}
          strokeWidth={1}
        />
        <text
          x={r.x + 5 + (zone.zone >= 10 ? 11 : 8)}
          y={r.y + 17.5}
          textAnchor="middle"
          fontSize={12}
          fontWeight={700}
          fill={current ? "#FFFFFF" : ui.ink}
        >
          {zone.zone}
        </text>
      </g>
      {construction ? (
        <ConstructionIcon kind={construction} x={r.x + r.w - 20} y={r.y + 5} size={15} />
      ) : null}
      <rect className="bui-focus" x={r.x + 1} y={r.y + 1} width={r.w - 2} height={r.h - 2} rx={8} />
      <RectRings marks={marks} x={r.x} y={r.y} width={r.w} height={r.h} rx={8} />
    </g>
  )
}

/** A half's zoning pile, over the half: a place, as the mayor draws from it. */
const Pile = ({
  view,
  half,
  x,
  y,
  marks,
  onSelect,
}: {
  view: View
  half: "west" | "east"
  x: number
  y: number
  marks: PlaceMarks
  onSelect: ((place: string) => void) | undefined
}) => {
  const text = `${half === "west" ? "West · zones 1–12" : "East · zones 13–24"} · pile: ${plural(view.piles[half].length, "tile")}`
  const box = { x: x - 4, y: y - 30, w: textWidth(text, 14, true) + 8, h: 26 }
  return (
    <g
      {...placeProps(
        `pile-${half}`,
        `${half === "west" ? "West" : "East"} zoning pile: ${plural(view.piles[half].length, "tile")}`,
        onSelect,
        marks,
      )}
    >
      <rect x={box.x} y={box.y} width={box.w} height={box.h} rx={5} fill="transparent" />
      <text x={x} y={y - 11} fontSize={14} fontWeight={700} fill={ui.muted} aria-hidden="true">
        {text}
      </text>
      <rect className="bui-focus" x={box.x} y={box.y} width={box.w} height={box.h} rx={6} />
      <RectRings marks={marks} x={box.x} y={box.y} width={box.w} height={box.h} rx={6} shrink={0.5} />
    </g>
  )
}

const BoardSvg = ({ view, seats, highlight, onSelect, layout }: BoardProps<View> & { layout: Layout }) => {
  const { width, height } = size(layout)
  const west = origin(layout, "west")
  const east = origin(layout, "east")
  const marks = marksOf(highlight)
  return (
    <svg
      className={`bui-svg bui-${layout}`}
      viewBox={`0 0 ${width} ${height}`}
      // A picture, unless its places are buttons: an image's content is hidden from assistive technology.
      role={onSelect ? "group" : "img"}
      aria-labelledby={`bui-dt-title-${layout}`}
      data-layout={layout}
    >
      <title
        id={`bui-dt-title-${layout}`}
      >{`Downtown board, round ${view.round}: ${stepText(view, seats)}`}</title>
      <defs>
        <pattern
          id={`bui-dt-hatch-${layout}`}
          width="8"
          height="8"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="8" height="8" fill="none" />
          <line x1="0" y1="0" x2="0" y2="8" stroke="#1B1F24" strokeOpacity="0.18" strokeWidth="3" />
        </pattern>
      </defs>
      <rect x={0} y={0} width={width} height={height} rx={10} fill="#F8F9FB" />
      <Pile view={view} half="west" x={west.x} y={west.y} marks={marks("pile-west")} onSelect={onSelect} />
      <Pile view={view} half="east" x={east.x} y={east.y} marks={marks("pile-east")} onSelect={onSelect} />
      {layout === "wide" ? (
        <g aria-hidden="true">
          <rect x={west.x + HALF_W} y={HEADER} width={BOULEVARD} height={HALF_H} fill={BOULEVARD_FILL} />
          <text
            x={west.x + HALF_W + BOULEVARD / 2}
            y={HEADER + HALF_H / 2}
            fontSize={12}
            fontWeight={700}
            fill="#FFFFFF"
            textAnchor="middle"
            dy="0.35em"
            transform={`rotate(-90 ${west.x + HALF_W + BOULEVARD / 2} ${HEADER + HALF_H / 2})`}
            letterSpacing="0.2em"
          >
            BOULEVARD
          </text>
        </g>
      ) : (
        <g aria-hidden="true">
          <rect
            x={MARGIN}
            y={HEADER + HALF_H + 6}
            width={HALF_W}
            height={BOULEVARD - 12}
            rx={4}
            fill={BOULEVARD_FILL}
          />
          <text
            x={MARGIN + HALF_W / 2}
            y={HEADER + HALF_H + BOULEVARD / 2}
            fontSize={12}
            fontWeight={700}
            fill="#FFFFFF"
            textAnchor="middle"
            dy="0.35em"
          >
            {`BOULEVARD · across it: ${ACROSS.map(([a, b]) => `${a}–${b}`).join(", ")}`}
          </text>
        </g>
      )}
      {ZONES.map((z) => (
        <ZoneShape
          key={z.zone}
          view={view}
          seats={seats}
          zone={z}
          layout={layout}
          marks={marks(`zone-${z.zone}`)}
          onSelect={onSelect}
        />
      ))}
    </svg>
  )
}

const FRAME_WORDS = (view: View) =>
  (Object.keys(CONSTRUCTION_STYLE) as Construction[]).map(
    (c) =>
      [
        `${CONSTRUCTION_STYLE[c].label} frames`,
        `${view.frames[c].square} square · ${view.frames[c].rectangle} long`,
      ] as const,
  )

/**
 * The bank in words. `bank` is its net balance against the players (ruling 18: it starts at 0, takes in
 * what spaces cost, pays out every zone's income, and never runs out), so it is usually negative: a bare
 * "$-126" read as a broken number.
 */
export const bankWords = (bank: number): string =>
  bank < 0
    ? `paid out $${-bank} more than it took in`
    : bank > 0
      ? `took in $${bank} more than it paid out`
      : "has paid out what it took in"

const seatRows = (view: View): SeatRow[] => {
  const twoPlayer = view.options.variant === "2p-official"
  const deciding = new Set<number>()
  const s = view.step
  if (s.kind === "zoning" || s.kind === "tie") deciding.add(view.mayor)
  if (s.kind === "lobby" && s.declarer !== undefined) deciding.add(s.declarer)
  if (s.kind === "construction") deciding.add((view.mayor + 1) % view.seats)
  const waiting = s.kind === "cards" ? view.voted : s.kind === "dials" ? view.chosen : []
  waiting.forEach((done, seat) => {
    if (!done) deciding.add(seat)
  })
  return Array.from({ length: view.seats }, (_, seat) => {
    const extra: string[] = []
    if (seat === view.mayor) extra.push("mayor")
    if (twoPlayer) {
      extra.push(`markers left: ${view.framedLeft[seat]} framed, ${view.unframedLeft[seat]} unframed`)
      // The two-player hands are dealt face up: public.
      const hand = view.hands[seat] ?? []
      extra.push(hand.length ? `zoning tiles in hand: ${hand.join(", ")}` : "no zoning tiles in hand")
    } else {
      extra.push(`${plural(view.markersOut[seat] ?? 0, "marker")} on the board`)
      extra.push(view.lobby[seat] ? "lobby disc in hand" : "lobby disc used")
    }
    if (s.kind === "cards") extra.push(view.voted[seat] ? "card in" : "choosing a card")
    if (s.kind === "dials") extra.push(view.chosen[seat] ? "dial set" : "setting the dial")
    if (view.lobbyUse[seat] && (s.kind === "lobby" || s.kind === "cards"))
      extra.push("lobbying (double vote)")
    const mine = view.viewer.kind === "seat" && view.viewer.seat === seat ? view.mine : null
    const secret = view.secrets
    const vote = mine?.vote ?? secret?.votes[seat] ?? null
    const choice = mine?.choice ?? secret?.choices[seat] ?? null
    if (vote) extra.push(`${mine ? "your" : "secret"} card: ${CONSTRUCTION_STYLE[vote].label}`)
    if (choice)
      extra.push(`${mine ? "your" : "secret"} dial: zone ${choice.zone}, ${plural(choice.spaces, "space")}`)
    return {
      seat,
      stats: twoPlayer ? `${view.points[seat]} pts` : `$${view.money[seat]}`,
      extra: extra.join(" · "),
      active: deciding.has(seat),
    }
  })
}

/** Legend items of the Downtown board. */
export const downtownLegend = (seats: ReadonlyArray<SeatInfo>, count: number): LegendItem[] => [
  ...(Object.keys(CONSTRUCTION_STYLE) as Construction[]).map((c) => ({
    key: c,
    symbol: (
      <BoxSwatch fill={CONSTRUCTION_STYLE[c].fill} stroke={CONSTRUCTION_STYLE[c].ink}>
        <ConstructionIcon kind={c} x={4} y={2} size={14} />
      </BoxSwatch>
    ),
    label: CONSTRUCTION_STYLE[c].label,
    meaning: CONSTRUCTION_STYLE[c].meaning,
  })),
  {
    key: "open",
    symbol: <BoxSwatch fill={ui.surface} stroke={ui.line} />,
    label: "Zoned",
    meaning: "no construction yet",
  },
  {
    key: "unzoned",
    symbol: <BoxSwatch fill={ui.ground} stroke="#B3BAC5" dash="3 2" />,
    label: "Not zoned",
    meaning: "its tile is still in a pile",
  },
  {
    key: "closed",
    symbol: (
      <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
        <rect x="1" y="1" width="20" height="16" rx="3" fill="#FFFFFF" stroke={ui.line} />
        <path d="M3 15 L15 3 M9 16 L20 5" stroke="#1B1F24" strokeOpacity="0.35" strokeWidth="2.5" />
      </svg>
    ),
    label: "Scored",
    meaning: "valued and closed",
  },
  {
    key: "space",
    symbol: (
      <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
        <circle cx="11" cy="9" r="6.5" fill="none" stroke="#9AA3AF" strokeDasharray="2 2" />
      </svg>
    ),
    label: "Free space",
    meaning: "4 per zone; a piece marks its owner",
  },
  ...seatLegendItems(seats, count),
]

/** Downtown: 24 zones on two halves of the city, constructions, each seat's spaces, money and secrets-in. */
export const DowntownBoard = (props: BoardProps<View>) => {
  const { view, seats, highlight } = props
  return (
    <div className="bui-layout bui-layout-below bui-has-tall">
      <div className="bui-stage">
        <BoardSvg {...props} layout="wide" />
        <BoardSvg {...props} layout="tall" />
      </div>
      <div className="bui-side">
        <section className="bui-panel" aria-label="Now">
          <h3>{`Round ${view.round} · mayor ${seatName(seats, view.mayor)}`}</h3>
          <p className="bui-status">{stepText(view, seats)}</p>
        </section>
        <SeatsPanel seats={seats} rows={seatRows(view)} highlight={highlight} />
        <Facts
          title="Supply"
          facts={[
            ["Zoning piles", `west ${view.piles.west.length} · east ${view.piles.east.length}`],
            ...FRAME_WORDS(view),
            ...(view.options.variant === "2p-official" ? [] : [["Bank", bankWords(view.bank)] as const]),
          ]}
        />
        <Legend items={downtownLegend(seats, view.seats)} />
      </div>
    </div>
  )
}
