import type { View } from "@boroughs/core/games/suburbia"
import { coordinates } from "../../common/commands.js"
import { textWidth } from "../../common/fitText.js"
import { BoxSwatch, Legend, type LegendItem, seatLegendItems } from "../../common/Legend.js"
import { markClasses, marksOf, Rings } from "../../common/marks.js"
import { plural, seatName } from "../../common/names.js"
import { ui } from "../../common/palette.js"
import { SeatMarker } from "../../common/SeatMarker.js"
import { Facts, placeProps, type SeatRow, SeatsPanel } from "../../common/SeatsPanel.js"
import type { BoardProps, Highlight, SeatInfo } from "../../common/types.js"
import {
  BOROUGH_BOARD_HEXES,
  CATEGORY_STYLE,
  goalDef,
  goalText,
  playerName,
  tileDef,
  tileWords,
} from "./data.js"
import { hexCentre, hexPoints, TileFace } from "./hex.js"
import { stepText } from "./step.js"
import { LINE_LABEL_SIZE, TRACK_MARGIN, trackLayout } from "./track.js"

/** Hex radius in a borough, in SVG units. */
const R = 46
/** Room above the tiles for the borough's name and numbers, and the strip of borough board shown. */
const HEADER = 80
const BOARD_BAND = 18
/** A borough is never narrower than its header's longest line. */
const MIN_WIDTH = 400
type Borough = View["players"][number]

const nameOf = (view: View, seats: ReadonlyArray<SeatInfo>) => (player: number) =>
  playerName(view, player, (s) => seatName(seats, s))

/** One borough: its tiles on hexes, investment markers, open hexes, and its board with the tracks. */
const BoroughSvg = ({
  view,
  player,
  seats,
  highlight,
  onSelect,
}: {
  view: View
  player: number
  seats: ReadonlyArray<SeatInfo>
  highlight: Highlight | undefined
  onSelect: ((place: string) => void) | undefined
}) => {
  const b = view.players[player] as Borough
  const name = nameOf(view, seats)(player)
  const marks = marksOf(highlight)
  // Open hexes only matter to the player about to place a tile; others' would only shrink their boroughs.
  const open = player === view.current && view.step === "action" ? b.open : []
  // The box fits the tiles (and open hexes), not the whole borough board: of the board only its lower edge
  // shows, as a band above the tiles, so the tiles fill the drawing instead of a field of empty grey hexes.
  const hexes = [...b.tiles, ...open]
  // A borough always starts with its column of three tiles; a bare one still gets the hex below the board.
  const placed = (hexes.length ? hexes : [{ q: 0, r: 0 }]).map((h) => hexCentre(h.q, h.r, R))
  const left = Math.min(...placed.map((p) => p.x)) - R - 8
  const right = Math.max(...placed.map((p) => p.x)) + R + 8
  const spare = Math.max(0, MIN_WIDTH - (right - left)) / 2
  const minX = left - spare
  const maxX = right + spare
  const tilesTop = Math.min(...placed.map((p) => p.y)) - R
  const minY = tilesTop - BOARD_BAND - HEADER
  const maxY = Math.max(...placed.map((p) => p.y)) + R + 8
  const centreX = (minX + maxX) / 2
  const nameWidth = textWidth(name, 20, true)
  const titleId = `bui-sb-title-${player}`
  return (
    <svg
      className="bui-svg bui-borough"
      viewBox={`${minX.toFixed(0)} ${minY.toFixed(0)} ${(maxX - minX).toFixed(0)} ${(maxY - minY).toFixed(0)}`}
      // A picture, unless its places are buttons: an image's content is hidden from assistive technology.
      role={onSelect ? "group" : "img"}
      aria-labelledby={titleId}
      data-player={player}
    >
      <title
        id={titleId}
      >{`${name}'s borough: ${plural(b.tiles.length, "tile")}, population ${b.population}`}</title>
      <rect x={minX} y={minY} width={maxX - minX} height={maxY - minY} rx={10} fill="#F8F9FB" />
      <clipPath id={`bui-sb-board-${player}`}>
        <rect x={minX} y={minY + HEADER} width={maxX - minX} height={maxY - minY - HEADER} />
      </clipPath>
      <g aria-hidden="true">
        {/* Only the board's edge shows (clipped below the header); the borough's numbers sit above it. */}
        <g clipPath={`url(#bui-sb-board-${player})`}>
          {BOROUGH_BOARD_HEXES.map((h) => {
            const c = hexCentre(h.q, h.r, R)
            return (
              <polygon
                key={`${h.q},${h.r}`}
                points={hexPoints(c.x, c.y, R)}
                fill="#E3E7EE"
                stroke="#E3E7EE"
              />
            )
          })}
        </g>
        {b.dale ? null : <SeatMarker seat={player} cx={centreX - nameWidth / 2 - 18} cy={minY + 21} r={12} />}
        <text x={centreX} y={minY + 28} textAnchor="middle" fontSize={20} fontWeight={800} fill={ui.ink}>
          {name}
        </text>
        <text x={centreX} y={minY + 50} textAnchor="middle" fontSize={15} fill={ui.ink}>
          {`$${b.money} · income ${b.income} · reputation ${b.reputation}`}
        </text>
        <text x={centreX} y={minY + 70} textAnchor="middle" fontSize={15} fontWeight={700} fill={ui.ink}>
          {`population ${b.population} · ${plural(b.investments, "investment")} left`}
        </text>
      </g>
      {open.map((h) => {
        // An open hex is a place too: the player picks where a tile goes by it.
        const c = hexCentre(h.q, h.r, R)
        const place = `tile-${player}-${h.q}-${h.r}`
        const mark = marks(place)
        return (
          <g
            key={`open-${h.q},${h.r}`}
            {...placeProps(place, `${name}: open hex ${coordinates(h.q, h.r)}`, onSelect, mark)}
          >
            <polygon
              aria-hidden="true"
              points={hexPoints(c.x, c.y, R - 4)}
              fill={mark.choice ? "#FFFFFF" : "none"}
              stroke="#B3BAC5"
              strokeDasharray="4 4"
            />
            <polygon className="bui-focus" points={hexPoints(c.x, c.y, R)} />
            <Rings
              marks={mark}
              ring={(className, inset) => (
                <polygon key={className} className={className} points={hexPoints(c.x, c.y, R + 2 - inset)} />
              )}
            />
          </g>
        )
      })}
      {b.tiles.map((t) => {
        const c = hexCentre(t.q, t.r, R)
        const place = `tile-${player}-${t.q}-${t.r}`
        const mark = marks(place)
        return (
          <g key={t.pid} {...placeProps(place, `${name}: ${tileWords(t)}`, onSelect, mark)}>
            <TileFace tile={t.tile} lake={t.lake} invested={t.invested} cx={c.x} cy={c.y} size={R} />
            <polygon className="bui-focus" points={hexPoints(c.x, c.y, R)} />
            <Rings
              marks={mark}
              ring={(className, inset) => (
                <polygon key={className} className={className} points={hexPoints(c.x, c.y, R + 2 - inset)} />
              )}
            />
          </g>
        )
      })}
    </svg>
  )
}

/** Height of the track's title, and of each row: stacked pieces, the bar, its numbers and the red lines'. */
const TRACK_HEAD = 28
const TRACK_ROW = 100

/**
 * The population track shared by every borough: red lines in red with their values, a piece per player.
 * Long tracks wrap into rows (track.ts) so the numbers stay apart.
 */
const PopulationTrack = ({
  view,
  seats,
  layout,
}: {
  view: View
  seats: ReadonlyArray<SeatInfo>
  layout: "wide" | "tall"
}) => {
  const track = trackLayout(Math.max(...view.players.map((p) => p.population)), view.redLines, layout)
  const W = track.width
  const H = TRACK_HEAD + track.rows.length * TRACK_ROW
  // The bar of row r; pieces stand on it, numbers hang under it.
  const bar = (row: number) => TRACK_HEAD + row * TRACK_ROW + 62
  const name = nameOf(view, seats)
  // Pieces at equal population stack upwards.
  const stack = new Map<number, number>()
  return (
    <svg
      className={`bui-svg bui-${layout} bui-track`}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`bui-sb-track-${layout}`}
    >
      <title id={`bui-sb-track-${layout}`}>{`Population track: ${view.players
        .map((p, i) => `${name(i)} ${p.population}`)
        .join(", ")}; red lines at ${track.lines.map((l) => l.value).join(", ")}`}</title>
      <rect x={0} y={0} width={W} height={H} rx={10} fill="#F8F9FB" />
      <text x={TRACK_MARGIN} y={20} fontSize={13} fontWeight={700} fill={ui.muted}>
        {layout === "wide"
          ? "POPULATION · red lines cost 1 income and 1 reputation each"
          : "POPULATION · red lines"}
      </text>
      {track.rows.map((_, row) => (
        <rect
          key={row}
          x={TRACK_MARGIN}
          y={bar(row) - 5}
          width={W - TRACK_MARGIN * 2}
          height={10}
          rx={5}
          fill="#D5DAE1"
        />
      ))}
      {track.ticks.map((t) => (
        <text
          key={`${t.row}-${t.value}`}
          x={t.x}
          y={bar(t.row) + 23}
          textAnchor="middle"
          fontSize={12}
          fill={ui.muted}
          aria-hidden="true"
        >
          {t.value}
        </text>
      ))}
      {track.lines.map((l) => (
        <g key={l.value} aria-hidden="true">
          <line x1={l.x} x2={l.x} y1={bar(l.row) - 8} y2={bar(l.row) + 8} stroke="#C0392B" strokeWidth={3} />
          {l.labelled ? (
            <text
              x={l.x}
              y={bar(l.row) + 36}
              textAnchor="middle"
              fontSize={LINE_LABEL_SIZE}
              fontWeight={700}
              fill="#A12D22"
            >
              {l.value}
            </text>
          ) : null}
        </g>
      ))}
      {view.players.map((p, i) => {
        const level = stack.get(p.population) ?? 0
        stack.set(p.population, level + 1)
        const { row, x } = track.at(p.population)
        const cy = bar(row) - 18 - level * 22
        return p.dale ? (
          <g key={i} aria-hidden="true">
            <rect x={x - 11} y={cy - 9} width={22} height={18} rx={4} fill={ui.ink} />
            <text x={x} y={cy} dy="0.35em" textAnchor="middle" fontSize={11} fontWeight={800} fill="#FFFFFF">
              D
            </text>
          </g>
        ) : (
          <SeatMarker key={i} seat={i} cx={x} cy={cy} r={10} />
        )
      })}
    </svg>
  )
}

/** The real estate market: each slot's tile with its cost, the slot's surcharge and the total price. */
const Market = ({
  view,
  highlight,
  onSelect,
}: {
  view: View
  highlight: Highlight | undefined
  onSelect: ((place: string) => void) | undefined
}) => {
  const marks = marksOf(highlight)
  return (
    <section className="bui-panel bui-market" aria-label="Real estate market">
      <h3>{`Real estate market · stacks A ${view.stacks.A} · B ${view.stacks.B} · C ${view.stacks.C}`}</h3>
      <div className="bui-market-row">
        {view.market.map((id, slot) => {
          const surcharge = view.surcharges[slot] ?? 0
          const def = id ? tileDef(id) : null
          const place = `market-${slot}`
          const label = def
            ? `Market slot ${slot + 1}: ${tileWords({ tile: def.id, lake: false, invested: false })}; costs $${def.cost} + $${surcharge} = $${def.cost + surcharge}`
            : `Market slot ${slot + 1}: empty`
          return (
            <div
              key={slot}
              {...placeProps(place, label, onSelect, marks(place))}
              className={`bui-place bui-market-slot${markClasses(marks(place))}`}
            >
              <svg viewBox="-48 -48 96 92" width="96" height="92" aria-hidden="true">
                {def ? (
                  <TileFace tile={def.id} lake={false} invested={false} cx={0} cy={-2} size={46} />
                ) : (
                  <polygon points={hexPoints(0, -2, 44)} fill="none" stroke="#B3BAC5" strokeDasharray="4 4" />
                )}
              </svg>
              <span className="bui-price">
                {def ? (
                  <>
                    <b>{`$${def.cost + surcharge}`}</b>
                    {surcharge ? ` = $${def.cost} + $${surcharge}` : ""}
                  </>
                ) : (
                  "empty"
                )}
              </span>
            </div>
          )
        })}
      </div>
      <h3 className="bui-subhead">Basic tiles</h3>
      <div className="bui-market-row">
        {Object.entries(view.basic).map(([id, left]) => {
          // A basic tile is a place: a player takes one instead of a market tile.
          const def = tileDef(id)
          const place = `basic-${id}`
          return (
            <div
              key={id}
              {...placeProps(
                place,
                `Basic tile: ${tileWords({ tile: id, lake: false, invested: false })}; costs $${def.cost}; ${left} left`,
                onSelect,
                marks(place),
              )}
              className={`bui-place bui-market-slot bui-basic${markClasses(marks(place))}`}
            >
              <svg viewBox="-48 -48 96 92" width="72" height="69" aria-hidden="true">
                <TileFace tile={id} lake={false} invested={false} cx={0} cy={-2} size={46} />
              </svg>
              <span className="bui-price">
                <b>{`$${def.cost}`}</b>
                {` · ${left} left`}
              </span>
            </div>
          )
        })}
      </div>
    </section>
  )
}

const seatRows = (view: View): SeatRow[] =>
  view.players.map((p, player) => {
    const extra = [
      `$${p.money} · income ${p.income} · reputation ${p.reputation}`,
      `${plural(p.investments, "investment")} left`,
    ]
    if (!p.dale && view.goalKept[player]) extra.push("secret goal kept")
    if (view.mine && view.mine.seat === player) {
      if (view.mine.kept) extra.push(`your secret goal: ${goalText(view.mine.kept)}`)
      else if (view.mine.dealt)
        extra.push(`your goals to choose from: ${view.mine.dealt.map(goalText).join(" or ")}`)
    }
    const secret = view.secrets?.kept[player]
    if (secret) extra.push(`secret goal: ${goalText(secret)}`)
    return {
      seat: player,
      stats: `pop ${p.population}`,
      extra: extra.join(" · "),
      active: player === view.current && (view.step === "action" || view.step === "discard"),
    }
  })

const Goals = ({
  view,
  seats,
  highlight,
  onSelect,
}: {
  view: View
  seats: ReadonlyArray<SeatInfo>
  highlight: Highlight | undefined
  onSelect: ((place: string) => void) | undefined
}) => {
  const name = nameOf(view, seats)
  const marks = marksOf(highlight)
  // The two goals dealt to the viewer, while one is still to keep: places, as the player keeps one of them.
  const dealt = view.mine?.dealt && view.mine.kept === null ? view.mine.dealt : []
  return (
    <section className="bui-panel" aria-label="Goals">
      <h3>Goals</h3>
      {dealt.length > 0 ? (
        <div className="bui-market-row bui-goals-dealt">
          {dealt.map((g) => (
            <div
              key={g}
              {...placeProps(`goal-${g}`, `Your goal to keep: ${goalText(g)}`, onSelect, marks(`goal-${g}`))}
              className={`bui-place bui-deck${markClasses(marks(`goal-${g}`))}`}
            >
              <span>{goalText(g)}</span>
            </div>
          ))}
        </div>
      ) : null}
      <ul className="bui-seats">
        {view.publicGoals.map((g) => (
          <li key={g}>
            <b>{goalDef(g).name}</b>
            {` — public, +${goalDef(g).bonus} population to the sole achiever`}
          </li>
        ))}
        {(view.goalResults ?? []).map((r) => (
          <li key={`${r.goal}-${r.owner ?? "public"}`}>
            {`${goalDef(r.goal).name}${r.owner === null ? "" : ` (${name(r.owner)}'s secret goal)`}: `}
            <b>{r.achiever === null ? "nobody (tie)" : `${name(r.achiever)} +${r.bonus}`}</b>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Legend items of the Suburbia board. */
export const suburbiaLegend = (view: View, seats: ReadonlyArray<SeatInfo>): LegendItem[] => [
  ...(Object.keys(CATEGORY_STYLE) as (keyof typeof CATEGORY_STYLE)[]).map((c) => ({
    key: c,
    symbol: (
      <BoxSwatch fill={CATEGORY_STYLE[c].fill} stroke={CATEGORY_STYLE[c].ink}>
        <text x="11" y="13" textAnchor="middle" fontSize="10" fontWeight="800" fill={CATEGORY_STYLE[c].ink}>
          {CATEGORY_STYLE[c].letter}
        </text>
      </BoxSwatch>
    ),
    label: CATEGORY_STYLE[c].label,
    meaning: c === "lake" ? "a tile face down: $2 per adjacent tile" : `letter ${CATEGORY_STYLE[c].letter}`,
  })),
  {
    key: "investment",
    symbol: (
      <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
        <circle cx="11" cy="9" r="8" fill="#FFFFFF" stroke="#D4A10A" strokeWidth="3" />
        <text x="11" y="12.5" textAnchor="middle" fontSize="8" fontWeight="800" fill={ui.ink}>
          ×2
        </text>
      </svg>
    ),
    label: "Investment",
    meaning: "gold rim and ×2 tab: the tile's effects count twice",
  },
  {
    key: "open",
    symbol: <BoxSwatch fill="#FFFFFF" stroke="#B3BAC5" dash="3 2" />,
    label: "Open hex",
    meaning: "where a tile may go",
  },
  {
    key: "effects",
    symbol: <BoxSwatch fill="#FFFFFF" stroke={ui.line} />,
    label: "+1 rep adj RC",
    meaning:
      "+1 reputation for each adjacent residential or commercial tile (own = in your borough, all = in every borough, later = placed later; inc = income, pop = population)",
  },
  {
    key: "red-line",
    symbol: (
      <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
        <line x1="11" y1="1" x2="11" y2="17" stroke="#C0392B" strokeWidth="3" />
      </svg>
    ),
    label: "Red line",
    meaning: "crossing it: −1 income, −1 reputation",
  },
  ...seatLegendItems(seats, view.seats),
  ...(view.solo
    ? [
        {
          key: "dale",
          symbol: (
            <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true">
              <rect x="2" y="1" width="18" height="16" rx="3" fill={ui.ink} />
              <text x="11" y="13" textAnchor="middle" fontSize="10" fontWeight="800" fill="#FFFFFF">
                D
              </text>
            </svg>
          ),
          label: "Dale",
          meaning: "the solo opponent",
        },
      ]
    : []),
]

/** Suburbia: every borough as hexes with legible tile effects, the market with prices, the population track. */
export const SuburbiaBoard = (props: BoardProps<View>) => {
  const { view, seats, highlight, onSelect } = props
  const name = nameOf(view, seats)
  return (
    <div className="bui-layout bui-has-tall">
      <div className="bui-stage bui-stack">
        <p className="bui-status bui-headline">{stepText(view, name)}</p>
        <Market view={view} highlight={highlight} onSelect={onSelect} />
        <PopulationTrack view={view} seats={seats} layout="wide" />
        <PopulationTrack view={view} seats={seats} layout="tall" />
        <div className="bui-boroughs">
          {view.players.map((_, player) => (
            <BoroughSvg
              key={player}
              view={view}
              player={player}
              seats={seats}
              highlight={highlight}
              onSelect={onSelect}
            />
          ))}
        </div>
      </div>
      <div className="bui-side">
        <SeatsPanel
          seats={view.solo ? [...seats, { seat: 1, name: "Dale" }] : seats}
          rows={seatRows(view)}
          highlight={highlight}
        />
        <Goals view={view} seats={seats} highlight={highlight} onSelect={onSelect} />
        <Facts
          title="Supply"
          facts={[
            ["Round", view.lastRound === null ? `${view.round}` : `${view.round} of ${view.lastRound}`],
            ["Stacks", `A ${view.stacks.A} · B ${view.stacks.B} · C ${view.stacks.C}`],
            ["One More Round", view.oneMoreRound ? "drawn: last round" : "still in stack C"],
            ...Object.entries(view.basic).map(([id, n]) => [tileDef(id).name, `${n} left`] as const),
            ["Discarded", plural(view.discards.length, "tile")],
          ]}
        />
        <Legend items={suburbiaLegend(view, seats)} />
      </div>
    </div>
  )
}
