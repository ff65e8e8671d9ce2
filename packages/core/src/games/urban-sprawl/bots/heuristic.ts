import type { Bot, BotTurn } from "../../../kernel/bot.js"
import { colOf, electionLeaders, rankAmounts, rankGains, rowOf } from "../board.js"
import type { Command } from "../commands.js"
import { card, type DeckId, OFFICES, VOCATION_CURRENCY } from "../data.js"
import { type DeckState, rails } from "../state.js"
import type { View } from "../view.js"

/**
 * A one-ply heuristic: build whatever adds the most lasting presence (prestige lines, vocations, effects)
 * for the least wealth, keep a hand of permits, invest when short of wealth, and answer every card's
 * question in its own favour. With Urban Renewal it weighs what covering buildings does to the row and
 * column majorities (a rival's building gone is a rank he loses); as District Attorney it clears a box when
 * the card that turns up in its place is expected to pay it more than its rivals. Reads only its seat's view.
 */

/** How much a building on `block` is worth to hold: the prestige and wealth markers on its lines. */
const lineWorth = (v: View, block: number): number => {
  const r = rowOf(block)
  const c = colOf(block)
  const m = v.markers
  return (
    (m.west[r >> 1] ?? 0) * 0.8 +
    (m.north[c >> 1] ?? 0) * 0.8 +
    (m.south[c] ?? 0) * 0.3 +
    (m.east[r] ?? 0) * 0.3
  )
}

// ---- Row and column majorities (rules §5): what a payout on a line pays this seat beyond its rivals ----

/** Owned buildings per seat on each row and each column (parks are unowned and never count). */
interface LineCounts {
  readonly rows: number[][]
  readonly cols: number[][]
}
// One count per view: a decision scores every legal command against the same view.
const countsOf = new WeakMap<View, LineCounts>()
const lineCounts = (v: View): LineCounts => {
  const cached = countsOf.get(v)
  if (cached) return cached
  const zero = () => Array.from({ length: 6 }, () => new Array<number>(v.seats).fill(0))
  const counts = { rows: zero(), cols: zero() }
  for (const b of v.buildings)
    if (b.owner !== null) {
      const row = counts.rows[rowOf(b.block)] as number[]
      const col = counts.cols[colOf(b.block)] as number[]
      row[b.owner] = (row[b.owner] as number) + 1
      col[b.owner] = (col[b.owner] as number) + 1
    }
  countsOf.set(v, counts)
  return counts
}

/** What `seat` gains from one payout of this currency and value on a line with these counts, less the mean rival gain. */
const payoutEdge = (
  v: View,
  seat: number,
  counts: ReadonlyArray<number>,
  currency: "wealth" | "prestige",
  value: number,
): number => {
  const gains = rankGains(counts, value, rankAmounts(currency, value, v.options.prestigePayouts))
  let rivals = 0
  for (let s = 0; s < gains.length; s++) if (s !== seat) rivals += gains[s] as number
  return (gains[seat] as number) - rivals / Math.max(1, gains.length - 1)
}

/**
 * How much a line with these counts is worth to `seat`: each marker on it, its payout edge weighted as
 * `lineWorth` weighs presence (an uncontested first rank is worth about what lineWorth gives a building there).
 */
const lineEdge = (
  v: View,
  seat: number,
  counts: ReadonlyArray<number>,
  prestige: number | null | undefined,
  wealth: number | null | undefined,
): number =>
  (prestige ? 1.2 * payoutEdge(v, seat, counts, "prestige", prestige) : 0) +
  (wealth ? 0.3 * payoutEdge(v, seat, counts, "wealth", wealth) : 0)

/**
 * What covering buildings with Urban Renewal changes for `seat` (rules §4 step 3), beyond the new building
 * itself: on the block's row and column each covered building's owner has one building fewer — a rival may
 * lose his rank there, and covering one's own building gains no presence — and its owner loses its lots and
 * its count in elections.
 */
const demolitionWorth = (
  v: View,
  seat: number,
  block: number,
  covered: ReadonlyArray<{ owner: number | null; size: number }>,
): number => {
  const r = rowOf(block)
  const c = colOf(block)
  const { rows, cols } = lineCounts(v)
  const row = [...(rows[r] as number[])]
  const col = [...(cols[c] as number[])]
  row[seat] = (row[seat] as number) + 1
  col[seat] = (col[seat] as number) + 1
  const m = v.markers
  const before =
    lineEdge(v, seat, row, m.west[r >> 1], m.east[r]) + lineEdge(v, seat, col, m.north[c >> 1], m.south[c])
  let owners = 0
  for (const b of covered) {
    if (b.owner === null) continue
    row[b.owner] = (row[b.owner] as number) - 1
    col[b.owner] = (col[b.owner] as number) - 1
    owners += (b.owner === seat ? -1 : 1) * (0.5 + 0.2 * b.size)
  }
  const after =
    lineEdge(v, seat, row, m.west[r >> 1], m.east[r]) + lineEdge(v, seat, col, m.north[c >> 1], m.south[c])
  return after - before + owners
}

/** An Urban Renewal card in hand is good for nothing but covering (it cannot be invested): a small cost to spend. */
const RENEWAL_COST = 0.5

const scoreBuild = (v: View, seat: number, cmd: Extract<Command, { type: "Build" }>): number => {
  const c = card(cmd.card)
  if (c.kind !== "contract") return -99
  let score = 4 + c.size * 1.2
  for (const voc of c.vocations) score += voc.value * (VOCATION_CURRENCY[voc.name] === "prestige" ? 1.2 : 0.6)
  for (const e of c.effects) {
    if (e.op === "gain") score += (e.prestige ?? 0) + (e.wealth ?? 0) * 0.5
    else if (e.op === "gainPer") score += ((e.prestige ?? 0) + (e.wealth ?? 0) * 0.5) * 2
    else if (e.op === "tribute") score += e.amount
    else score += 1.5
  }
  if (c.zone !== "PARK") score += lineWorth(v, cmd.block)
  const cost = v.blockValues[cmd.block] ?? 0
  const wealth = v.players[seat]?.wealth ?? 0
  score -= cost * 0.35 + (cost > wealth * 0.8 ? 1 : 0)
  for (const p of cmd.permits) {
    const pc = card(p)
    if (pc.kind === "permit") score -= pc.wealth * 0.08 + (pc.permits - 1) * 0.1
  }
  if (cmd.renewal !== null) {
    const covered = v.buildings.filter(
      (b) => b.block === cmd.block && b.lots.some((l) => cmd.lots.includes(l)),
    )
    score += demolitionWorth(v, seat, cmd.block, covered) - RENEWAL_COST
  }
  if (v.players[seat]?.favors.includes(cmd.card)) score += 0.5
  return score
}

// ---- District Attorney (rules §3 action 5): a cleared box is refilled at the end of the turn ----

/** The mean of `worth` over the next card to turn up from a pile: a class in proportion to its top part's count. */
const nextCardWorth = (deck: DeckState, worth: (id: string) => number): number => {
  const top = deck.segments.find((seg) => Object.values(seg).some((n) => n > 0))
  if (!top) return 0
  let total = 0
  let sum = 0
  for (const [k, n] of Object.entries(top)) {
    const pool = deck.pools[k] ?? []
    if (n <= 0 || pool.length === 0) continue
    let mean = 0
    for (const id of pool) mean += worth(id)
    sum += (n * mean) / pool.length
    total += n
  }
  return total ? sum / total : 0
}

/** `seat`'s edge over its rivals from one payout of this currency and value, over every line it triggers. */
const payoutWorth = (v: View, seat: number, currency: "wealth" | "prestige", value: number): number => {
  if (value <= 0) return 0
  const { rows, cols } = lineCounts(v)
  const m = v.markers
  let edge = 0
  for (let i = 0; i < 6; i++) {
    const onRow = currency === "prestige" ? m.west[i >> 1] : m.east[i]
    const onCol = currency === "prestige" ? m.north[i >> 1] : m.south[i]
    if (onRow === value) edge += payoutEdge(v, seat, rows[i] as number[], currency, value)
    if (onCol === value) edge += payoutEdge(v, seat, cols[i] as number[], currency, value)
  }
  return currency === "prestige" ? edge : edge * 0.5
}

/** A ballot's election (rules §5): the office and its 2 prestige to `seat`, or to a rival, counted as 3. */
const electionWorth = (v: View, seat: number): number => {
  const office = OFFICES[v.pawn] as (typeof OFFICES)[number]
  const leaders = electionLeaders(v, office)
  if (leaders.length === 0) return 0
  // The active player breaks ties: a tie he is in goes to him.
  const winner = leaders.includes(seat) ? seat : (leaders[0] as number)
  if (v.offices[office] === winner) return 0
  return winner === seat ? 3 : -3 / Math.max(1, v.seats - 1)
}

/**
 * What clearing a box is worth: the card drawn in its place at the end of the turn pays out on turning up —
 * a contract its prestige value, a planning card its wealth value and its ballot's election — and this seat's
 * expected edge in that is the gain. Less a margin: the card cleared might have served it later.
 */
const CLEAR_MARGIN = 0.5

/** The expected edge of the next card of a pile, per view: every box a pile refills shares it. */
const revealsOf = new WeakMap<View, Map<string, number>>()
const nextRevealWorth = (v: View, seat: number, pile: "planning" | DeckId): number => {
  const memo = revealsOf.get(v) ?? new Map<string, number>()
  revealsOf.set(v, memo)
  const key = `${seat}/${pile}`
  const known = memo.get(key)
  if (known !== undefined) return known
  const worth =
    pile === "planning"
      ? nextCardWorth(v.planning, (next) => {
          const c = card(next)
          if (c.kind !== "permit" && c.kind !== "renewal") return 0
          return payoutWorth(v, seat, "wealth", c.wealth) + (c.ballot ? electionWorth(v, seat) : 0)
        })
      : nextCardWorth(v.decks[pile], (next) => {
          const c = card(next)
          return c.kind === "contract" ? payoutWorth(v, seat, "prestige", c.reveal) : 0
        })
  memo.set(key, worth)
  return worth
}

const clearWorth = (v: View, seat: number, id: string, buildable: ReadonlySet<string>): number => {
  if (buildable.has(id)) return -5
  const box = v.contractBoxes.indexOf(id)
  if (box < 0) return nextRevealWorth(v, seat, "planning") - CLEAR_MARGIN
  const rail = rails(v).find((r) => r.boxes.includes(box))
  return rail ? nextRevealWorth(v, seat, rail.deck) - CLEAR_MARGIN : -5
}

const scoreAction = (v: View, seat: number, cmd: Command, buildable: () => ReadonlySet<string>): number => {
  const me = v.players[seat]
  if (!me) return 0
  switch (cmd.type) {
    case "Build":
      return scoreBuild(v, seat, cmd)
    case "Invest": {
      const c = card(cmd.card)
      if (c.kind !== "permit") return -5
      const permits = me.hand.filter((h) => card(h).kind === "permit").length
      return me.wealth < 10 || permits > 6 ? 1 + c.wealth / 3 - c.permits * 0.4 : -1
    }
    case "TakePlanning": {
      const c = card(cmd.card)
      const ap = v.planningBoxes.indexOf(cmd.card) + 1 || 5
      const base = c.kind === "permit" ? 1.5 + c.permits * 0.4 + c.zones.length * 0.2 : 0.8
      return me.hand.length > 8 ? base - 3 - ap * 0.3 : base - ap * 0.3
    }
    case "TakeFavor":
      return 0.3
    case "DiscardFavor":
      return -3
    case "ClearBox":
      return clearWorth(v, seat, cmd.card, buildable())
    case "EndTurn":
      return 0
    default:
      return 0
  }
}

const ownsIn = (v: View, seat: number, pred: (block: number) => boolean): number =>
  v.buildings.filter((b) => b.owner === seat && pred(b.block)).length

const best = <T>(items: ReadonlyArray<T>, score: (t: T) => number, turn: BotTurn<View, Command>): T => {
  let top = Number.NEGATIVE_INFINITY
  let out: T[] = []
  for (const it of items) {
    const s = score(it)
    if (s > top + 1e-9) {
      top = s
      out = [it]
    } else if (Math.abs(s - top) <= 1e-9) out.push(it)
  }
  return turn.random.pick(out)
}

const scoreChoice = (v: View, seat: number, cmd: Command): number => {
  const me = v.players[seat]
  const task = v.tasks[0]
  switch (cmd.type) {
    case "BuyStarter": {
      const b = v.buildings.find((x) => x.id === cmd.building)
      return b ? lineWorth(v, b.block) - (v.blockValues[b.block] ?? 0) * 0.5 : 0
    }
    case "Bid":
      return cmd.pay ? ((me?.wealth ?? 0) >= 14 ? 1 : -1) : 0
    case "PayRansom":
      return 1
    case "LoseBuilding": {
      const b = v.buildings.find((x) => x.id === cmd.building)
      return b ? -b.size - lineWorth(v, b.block) * 0.2 : 0
    }
    case "BreakTie":
      return cmd.seat === seat ? 10 : -(v.players[cmd.seat]?.prestige ?? 0)
    case "OrderNext":
      return 0
    case "PickBuilding": {
      const b = v.buildings.find((x) => x.id === cmd.building)
      const mine = b?.owner === seat
      return task?.k === "headlines" ? (mine ? 1 : 0) : mine ? -1 : 0
    }
    case "PickBlock":
      return -ownsIn(v, seat, (b) => b === cmd.block)
    case "PlaceMarker":
      return task?.k === "placeMarkers" && task.wealth.length > 0
        ? ownsIn(v, seat, (b) => rowOf(b) === cmd.space)
        : ownsIn(v, seat, (b) => colOf(b) >> 1 === cmd.space)
    case "ChooseOffice":
      return cmd.office === "Mayor" ? 2 : v.offices[cmd.office] === seat ? -1 : 1
    case "TakeFreePlanning":
      return 1
    case "SkipEffect":
      return 0
    case "SwapMarkers":
      return -0.5
    case "PayTribute":
      return (me?.wealth ?? 0) >= (me?.prestige ?? 0) * 1.5 ? cmd.inWealth : -cmd.inWealth
    default:
      return 0
  }
}

/** Each legal command's worth to the seat (same order), as `choose` compares them. */
const scores = (turn: BotTurn<View, Command>): number[] => {
  const { view, seat, legal } = turn
  const isAction = legal.some((c) => c.type === "EndTurn")
  let buildable: Set<string> | null = null
  // The contracts this seat could build now (not to be cleared away), found once and only when asked.
  const canBuild = () => {
    buildable ??= new Set(legal.flatMap((c) => (c.type === "Build" ? [c.card] : [])))
    return buildable
  }
  return legal.map((c) => (isAction ? scoreAction(view, seat, c, canBuild) : scoreChoice(view, seat, c)))
}

export const heuristicBot: Bot<View, Command> = {
  name: "heuristic",
  choose: (turn) => {
    const worth = scores(turn)
    const at = best(
      turn.legal.map((_, i) => i),
      (i) => worth[i] as number,
      turn,
    )
    return turn.legal[at] as Command
  },
  scores,
}
