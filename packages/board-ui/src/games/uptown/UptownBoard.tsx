import type { View } from "@boroughs/core/games/uptown"
import { FittedLines } from "../../common/FittedText.js"
import { type FittedBlock, fitBlocks } from "../../common/fitText.js"
import { BoxSwatch, Legend, type LegendItem, seatLegendItems } from "../../common/Legend.js"
import { markClasses, marksOf, RectRings } from "../../common/marks.js"
import { plural, seatName } from "../../common/names.js"
import { ui } from "../../common/palette.js"
import { SeatMarker } from "../../common/SeatMarker.js"
import { Facts, placeProps, type SeatRow, SeatsPanel } from "../../common/SeatsPanel.js"
import type { BoardProps, Highlight, SeatInfo } from "../../common/types.js"
import {
  cardName,
  incomeShort,
  type Project,
  prestigeShort,
  projectOf,
  projectWords,
  TYPE_STYLE,
} from "./data.js"
import { stepText } from "./step.js"

const SITE_W = 132
const GAP = 10
// Tall enough for a two-line name over a two-line type and icons.
const FLOOR_H = 56
const ROOF_H = 22
const M = 10
const HEAD = 30

type Site = View["streets"][number][number]

const ordinalFloor = (floor: number) => (floor === 0 ? "ground floor" : `floor ${floor + 1}`)

/** Padding inside a card around its text, and the text's left edge (clear of the type bar). */
const CARD_PAD = 4
const TEXT_X = 11
/** The gift marker's corner: text beside it keeps clear of it. */
const GIVER_R = 8

/**
 * The text of a card fitted to it, whole: the name (up to two lines) and its type and icons (up to two).
 * Nothing is cut; a long name wraps or shrinks a little (fitText.ts).
 */
export const cardText = (project: Project, gift: boolean) => {
  const style = TYPE_STYLE[project.type]
  const info = [
    style.label + (project.double ? " ×2" : ""),
    incomeShort(project.income),
    prestigeShort(project.prestige),
  ]
  const width = SITE_W - TEXT_X - CARD_PAD
  const height = FLOOR_H - 3 - CARD_PAD * 2
  return fitBlocks(
    [
      { pieces: project.name.split(" "), joiner: " ", size: 11.5, bold: true, maxLines: 2 },
      { pieces: info.filter(Boolean), joiner: " · ", size: 10.5, maxLines: 2 },
    ],
    {
      height,
      middle: true,
      // Lines level with the gift marker stop short of it.
      widthAt: (top) => (gift && top + CARD_PAD < GIVER_R * 2 + 4 ? width - GIVER_R * 2 - 4 : width),
    },
  )
}

/** One card as it stands on a site: its project's type colour, name, icons, and the giver of a gift. */
const CardStrip = ({
  x,
  y,
  project,
  giver,
}: {
  x: number
  y: number
  project: Project
  giver: number | null
}) => {
  const style = TYPE_STYLE[project.type]
  const fitted = cardText(project, giver !== null)
  const [name, info] = fitted.blocks as [FittedBlock, FittedBlock]
  const width = SITE_W - TEXT_X - CARD_PAD
  return (
    <g aria-hidden="true">
      {/* Hovering a card shows it in words; the site's label (keyboard focus, screen readers) has the same. */}
      <title>{projectWords(project)}</title>
      <rect
        x={x}
        y={y}
        width={SITE_W}
        height={FLOOR_H - 3}
        rx={4}
        fill={style.fill}
        stroke={style.ink}
        strokeWidth={1.4}
      />
      <rect x={x} y={y} width={6} height={FLOOR_H - 3} rx={2} fill={style.ink} />
      <FittedLines
        block={name}
        x={x + TEXT_X}
        top={y + CARD_PAD + name.top}
        bold
        fill={ui.ink}
        maxWidth={(i) => (giver !== null && i === 0 ? width - GIVER_R * 2 - 4 : width)}
        squeeze={fitted.squeeze}
      />
      <FittedLines
        block={info}
        x={x + TEXT_X}
        top={y + CARD_PAD + info.top}
        fill={ui.ink}
        maxWidth={() => width}
        squeeze={fitted.squeeze}
      />
      {giver !== null ? (
        <SeatMarker seat={giver} cx={x + SITE_W - GIVER_R - 3} cy={y + GIVER_R + 4} r={GIVER_R} label="G" />
      ) : null}
    </g>
  )
}

const siteLabel = (seats: ReadonlyArray<SeatInfo>, street: number, index: number, site: Site) => {
  const owner = seatName(seats, street)
  const head = `${owner}'s site ${index + 1}: ${site.cards.length ? plural(site.cards.length, "floor") : "empty"}${
    site.roofed ? ", finished with a roof" : ""
  }${site.noGifts ? ", no gifts allowed" : ""}`
  const floors = site.cards.map((c, floor) => {
    const gift = c.by !== street ? ` (a gift from ${seatName(seats, c.by)})` : ""
    return `${ordinalFloor(floor)}: ${projectWords(projectOf(c))}${gift}`
  })
  return [head, ...floors].join("; ")
}

/** Sites per row: all five side by side on a laptop; three, then two, on a phone so cards stay readable. */
const PER_ROW = { wide: 5, tall: 3 } as const

/** One street: five sites of stacked cards, ground floor at the bottom, roofs on top, gifts marked. */
const StreetSvg = ({
  view,
  seats,
  street,
  highlight,
  onSelect,
  layout,
}: {
  view: View
  seats: ReadonlyArray<SeatInfo>
  street: number
  highlight: Highlight | undefined
  onSelect: ((place: string) => void) | undefined
  layout: "wide" | "tall"
}) => {
  const sites = view.streets[street] ?? []
  const perRow = PER_ROW[layout]
  const rows = Array.from({ length: Math.ceil(sites.length / perRow) }, (_, r) =>
    sites.slice(r * perRow, (r + 1) * perRow),
  )
  // Each row is as tall as its highest site (three floors at least), with room for a roof and the labels.
  const rowHeights = rows.map(
    (row) => ROOF_H + Math.max(layout === "wide" ? 3 : 2, ...row.map((s) => s.cards.length)) * FLOOR_H + 24,
  )
  const width = M * 2 + perRow * SITE_W + (perRow - 1) * GAP
  const height = HEAD + rowHeights.reduce((a, b) => a + b, 0) + 4
  const marks = marksOf(highlight)
  const value = view.values[street]
  const titleId = `bui-up-street-${street}-${layout}`
  return (
    <svg
      className={`bui-svg bui-street bui-${layout}`}
      viewBox={`0 0 ${width} ${height}`}
      // A picture, unless its places are buttons: an image's content is hidden from assistive technology.
      role={onSelect ? "group" : "img"}
      aria-labelledby={titleId}
      data-street={street}
      data-layout={layout}
    >
      <title
        id={titleId}
      >{`${seatName(seats, street)}'s street: income $${value?.income ?? 0}, prestige ${value?.prestige ?? 0}`}</title>
      <rect x={0} y={0} width={width} height={height} rx={10} fill="#F8F9FB" />
      <g aria-hidden="true">
        <SeatMarker seat={street} cx={M + 10} cy={17} r={10} />
        <text x={M + 26} y={22} fontSize={15} fontWeight={800} fill={ui.ink}>
          {`${seatName(seats, street)} · board ${view.boards[street] ?? "?"} · income $${value?.income ?? 0} · prestige ${value?.prestige ?? 0}`}
        </text>
      </g>
      {rows.map((row, r) => {
        const rowTop = HEAD + rowHeights.slice(0, r).reduce((a, b) => a + b, 0)
        const ground = rowTop + (rowHeights[r] ?? 0) - 24
        return (
          <g key={r}>
            <line
              aria-hidden="true"
              x1={M}
              x2={M + row.length * (SITE_W + GAP) - GAP}
              y1={ground + 2}
              y2={ground + 2}
              stroke={ui.muted}
              strokeWidth={3}
            />
            {row.map((site, j) => {
              const i = r * perRow + j
              const x = M + j * (SITE_W + GAP)
              const place = `site-${street}-${i}`
              const top = ground - site.cards.length * FLOOR_H
              return (
                <g key={i} {...placeProps(place, siteLabel(seats, street, i, site), onSelect, marks(place))}>
                  {site.cards.length === 0 ? (
                    <rect
                      x={x}
                      y={ground - FLOOR_H + 2}
                      width={SITE_W}
                      height={FLOOR_H - 4}
                      rx={4}
                      fill="none"
                      stroke="#B3BAC5"
                      strokeDasharray="5 4"
                    />
                  ) : null}
                  {site.cards.map((c, floor) => (
                    <CardStrip
                      key={floor}
                      x={x}
                      y={ground - (floor + 1) * FLOOR_H + 2}
                      project={projectOf(c)}
                      giver={c.by !== street ? c.by : null}
                    />
                  ))}
                  {site.roofed ? (
                    <path
                      aria-hidden="true"
                      d={`M${x + 4} ${top + 1} L${x + SITE_W / 2} ${top - ROOF_H + 3} L${x + SITE_W - 4} ${top + 1} Z`}
                      fill="#5B3A29"
                      stroke={ui.ink}
                      strokeWidth={1.2}
                    />
                  ) : null}
                  <text
                    x={x + SITE_W / 2}
                    y={ground + 18}
                    textAnchor="middle"
                    fontSize={11.5}
                    fill={ui.muted}
                    aria-hidden="true"
                  >
                    {`site ${i + 1}${site.noGifts ? " · no gifts" : ""}`}
                  </text>
                  <rect
                    className="bui-focus"
                    x={x - 3}
                    y={rowTop - 2}
                    width={SITE_W + 6}
                    height={ground - rowTop + 6}
                    rx={6}
                  />
                  <RectRings
                    marks={marks(place)}
                    x={x - 4}
                    y={rowTop - 3}
                    width={SITE_W + 8}
                    height={ground - rowTop + 8}
                    rx={7}
                  />
                </g>
              )
            })}
          </g>
        )
      })}
    </svg>
  )
}

/** The decks (sizes, the cost on top, upcoins), the public pile and the card in hand, as HTML cards. */
const Table = ({ view, seats, highlight, onSelect }: BoardProps<View>) => {
  const marks = marksOf(highlight)
  const hand = view.hand
  const holding = view.holding
  return (
    <section className="bui-panel" aria-label="Decks and public cards">
      <h3>{`Decks · public pile ${view.publicSize}`}</h3>
      <div className="bui-market-row">
        {view.deckSizes.map((size, deck) => {
          const place = `deck-${deck}`
          const up = view.upcoins[deck] ?? 0
          const cost = view.topCosts[deck]
          const label = `${seatName(seats, deck)}'s deck: ${plural(size, "card")}${
            cost === null || cost === undefined ? "" : `, top card costs $${cost}`
          }${up ? `, $${up} of upcoins on it (blocked for buying)` : ""}`
          return (
            <div
              key={deck}
              {...placeProps(place, label, onSelect, marks(place))}
              className={`bui-place bui-deck${markClasses(marks(place))}`}
            >
              <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
                <SeatMarker seat={deck} cx={15} cy={15} r={12} />
              </svg>
              <span>
                <b>{`${plural(size, "card")}`}</b>
                {cost === null || cost === undefined ? "" : ` · top $${cost}`}
                {up ? (
                  <>
                    {" · "}
                    <span className="bui-upcoins">{`$${up} upcoins`}</span>
                  </>
                ) : null}
              </span>
            </div>
          )
        })}
        <div
          {...placeProps(
            "public",
            `Public pile: ${plural(view.publicSize, "card")}${view.publicTop === null ? "" : `, top: ${cardName(view.publicTop)}`}`,
            onSelect,
            marks("public"),
          )}
          className={`bui-place bui-deck${markClasses(marks("public"))}`}
        >
          <span>
            <b>Public</b>
            {view.publicTop === null ? " · empty" : ` · ${cardName(view.publicTop)}`}
          </span>
        </div>
      </div>
      {holding ? (
        <p className="bui-hand">
          {`${seatName(seats, holding.seat)} holds a ${holding.source} card`}
          {hand ? `: ${cardName(hand.card)}` : " (hidden)"}
        </p>
      ) : null}
    </section>
  )
}

const seatRows = (view: View): SeatRow[] =>
  Array.from({ length: view.seats }, (_, seat) => {
    const v = view.values[seat]
    const extra = [
      `income $${v?.income ?? 0} · prestige ${v?.prestige ?? 0}`,
      `deck ${view.deckSizes[seat] ?? 0}`,
      (view.upcoins[seat] ?? 0) > 0 ? `$${view.upcoins[seat]} upcoins on deck` : "",
      (view.discardCounts[seat] ?? 0) > 0 ? `${view.discardCounts[seat]} discarded` : "",
      seat === view.start ? "start player" : "",
    ].filter(Boolean)
    if (view.viewer.kind === "seat" && view.viewer.seat === seat && view.ownDiscards.length)
      extra.push(`your discards: ${view.ownDiscards.map(cardName).join(", ")}`)
    return {
      seat,
      stats: `$${view.money[seat] ?? 0}`,
      extra: extra.join(" · "),
      active: seat === view.current && view.step.kind !== "over",
    }
  })

/** Legend items of the Uptown board. */
export const uptownLegend = (seats: ReadonlyArray<SeatInfo>, count: number): LegendItem[] => [
  ...(Object.keys(TYPE_STYLE) as Project["type"][]).map((t) => ({
    key: t,
    symbol: (
      <BoxSwatch fill={TYPE_STYLE[t].fill} stroke={TYPE_STYLE[t].ink}>
        <rect x="1" y="1" width="4" height="16" fill={TYPE_STYLE[t].ink} />
      </BoxSwatch>
    ),
    label: TYPE_STYLE[t].label,
    meaning: "project type, printed on the card too",
  })),
  {
    key: "roof",
    symbol: (
      <svg width="24" height="16" viewBox="0 0 24 16" aria-hidden="true">
        <path d="M1 14 L12 2 L23 14 Z" fill="#5B3A29" stroke={ui.ink} />
      </svg>
    ),
    label: "Roof",
    meaning: "the site is finished; its owner earns the street's income",
  },
  {
    key: "gift",
    symbol: (
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <SeatMarker seat={1} cx={10} cy={10} r={8} label="G" />
      </svg>
    ),
    label: "Gift",
    meaning: "built by the seat of this colour on another's street",
  },
  {
    key: "income",
    symbol: <BoxSwatch fill="#FFFFFF" stroke={ui.line} />,
    label: "$+1/office site",
    meaning: "income per office on this site (st. = your whole street)",
  },
  {
    key: "prestige",
    symbol: <BoxSwatch fill="#FFFFFF" stroke={ui.line} />,
    label: "★+2",
    meaning: "prestige scored at the end; ×2 = counts as two projects",
  },
  {
    key: "upcoins",
    symbol: <BoxSwatch fill="#F2C94C" stroke={ui.ink} />,
    label: "Upcoins",
    meaning: "money bought onto a deck; it blocks buying from it",
  },
  ...seatLegendItems(seats, count),
]

/** Uptown: every street (five sites of stacked cards, roofs, gifts), the decks with upcoins, the public pile. */
export const UptownBoard = (props: BoardProps<View>) => {
  const { view, seats, highlight, onSelect } = props
  return (
    <div className="bui-layout bui-has-tall">
      <div className="bui-stage bui-stack">
        <p className="bui-status bui-headline">{stepText(view, seats)}</p>
        <Table {...props} />
        <div className="bui-streets">
          {Array.from({ length: view.seats }, (_, street) =>
            (["wide", "tall"] as const).map((layout) => (
              <StreetSvg
                key={`${street}-${layout}`}
                view={view}
                seats={seats}
                street={street}
                highlight={highlight}
                onSelect={onSelect}
                layout={layout}
              />
            )),
          )}
        </div>
      </div>
      <div className="bui-side">
        <SeatsPanel seats={seats} rows={seatRows(view)} highlight={highlight} />
        <Facts
          title="Table"
          facts={[
            ["Round", view.finalRound ? `${view.round} (final)` : `${view.round}`],
            // The bank pays every income in full (ruling 9); its balance is only the audit's reference.
            ["Bank", "never runs out"],
            ["Public pile", plural(view.publicSize, "card")],
            ["Public discards", plural(view.publicDiscards.length, "card")],
          ]}
        />
        <Legend items={uptownLegend(seats, view.seats)} />
      </div>
    </div>
  )
}
