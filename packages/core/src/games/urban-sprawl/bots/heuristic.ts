import type { Bot, BotTurn } from "../../../kernel/bot.js"
import { colOf, rowOf } from "../board.js"
import { card, VOCATION_CURRENCY } from "../data.js"
import type { Command } from "../model.js"
import type { View } from "../view.js"

/**
 * A one-ply heuristic: build whatever adds the most lasting presence (prestige lines, vocations, effects)
 * for the least wealth, keep a hand of permits, invest when short of wealth, and answer every card's
 * question in its own favour. Reads only its seat's view.
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
  if (cmd.renewal !== null) score -= 1.5
  if (v.players[seat]?.favors.includes(cmd.card)) score += 0.5
  return score
}

const scoreAction = (v: View, seat: number, cmd: Command): number => {
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
      return -1
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

export const heuristicBot: Bot<View, Command> = {
  name: "heuristic",
  choose: (turn) => {
    const { view, seat, legal } = turn
    const isAction = legal.some((c) => c.type === "EndTurn")
    return best(legal, (c) => (isAction ? scoreAction(view, seat, c) : scoreChoice(view, seat, c)), turn)
  },
}
