import type { Bot, BotTurn } from "../../../kernel/bot.js"
import type { Command } from "../commands.js"
import { goalDef } from "../data/goals.js"
import { TRACK_MAX, TRACK_MIN } from "../data/rules.js"
import { tileDef } from "../data/tiles.js"
import type { Change } from "../events.js"
import { basicCost, lakePurchase, purchase } from "../market.js"
import { lineAt, linesUpTo } from "../redlines.js"
import { resolveInvestment, resolvePlacement } from "../resolve.js"
import type { Board } from "../state.js"
import type { View } from "../view.js"

/** Tracks the heuristic projects forward. */
interface Tracks {
  money: number
  income: number
  reputation: number
  population: number
}

const clamp = (v: number) => Math.max(TRACK_MIN, Math.min(TRACK_MAX, v))

/** The seat's tracks after a list of changes. */
const after = (board: Board, seat: number, changes: ReadonlyArray<Change>): Tracks => {
  const b = board.players[seat]
  const t: Tracks = {
    money: b?.money ?? 0,
    income: b?.income ?? 0,
    reputation: b?.reputation ?? 0,
    population: b?.population ?? 0,
  }
  for (const c of changes) if (c.player === seat) t[c.stat] = c.value
  return t
}

/**
 * Look-ahead to the end: `turns` more rounds of income and population for these tracks, red lines included
 * (each costs a point of income and reputation from then on), then $5 → 1 population.
 */
export const projectedScore = (t: Tracks, turns: number): number => {
  let { money, income, reputation, population } = t
  for (let i = 0; i < turns; i++) {
    money = Math.max(0, money + income)
    const before = population
    population = Math.max(0, population + reputation)
    const crossed = linesUpTo(population) - linesUpTo(before)
    if (crossed !== 0) {
      income = clamp(income - crossed)
      reputation = clamp(reputation - crossed)
    }
  }
  return population + Math.floor(money / 5)
}

/**
 * How far ahead the look-ahead plays the tracks, in multiples of the turns left. The projection ignores what
 * money and income buy later (tiles that compound), so income and reputation are worth more than the turns
 * left alone say; 3 was the best of 1–6 in scripts/suburbia-winrate.ts (×1: 85 % against random and 24 %
 * against Dale; ×3: 92 % and 32 %).
 */
export const HORIZON = 3

/**
 * The horizon of the look-ahead, in turns: the turns the seat still plays (estimated from the draw pile) ×
 * HORIZON, or exactly the turns left once the last round is known (nothing is worth anything after it).
 */
export const turnsLeft = (view: View): number => {
  // Tiles drawn per round: one per player, or the four refilled after Dale's turn.
  const n = view.solo ? view.surcharges.length : view.players.length
  if (view.lastRound !== null) return Math.max(1, view.lastRound - view.round + 1)
  let draws = 0
  for (const s of view.deck) {
    if (s.oneMoreRound) {
      draws += (s.tiles + 1) / 2
      break
    }
    draws += s.tiles
  }
  return Math.max(1, Math.round(HORIZON * (draws / n + (view.solo ? 0 : 1.5))))
}

/** Rough worth of standing alone at the top of a goal this seat can score (public, or its own secret one). */
const goalBonus = (view: View, seat: number, changes: ReadonlyArray<Change>): number => {
  let worth = 0
  const mine = view.mine?.kept ?? null
  for (const id of mine ? [...view.publicGoals, mine] : view.publicGoals) {
    const g = goalDef(id)
    if (g.metric !== "income" && g.metric !== "reputation") continue
    const t = after(view, seat, changes)
    const own = g.metric === "income" ? t.income : t.reputation
    const others = view.players
      .filter((_, p) => p !== seat)
      .map((b) => (g.metric === "income" ? b.income : b.reputation))
    const lead = g.direction === "most" ? own - Math.max(...others) : Math.min(...others) - own
    if (lead > 0) worth += g.bonus / 4
  }
  return worth
}

/** How good a command's immediate consequences are for the seat, looking ahead to the end. */
const score = (view: View, seat: number, command: Command, turns: number): number => {
  let changes: Change[]
  switch (command.type) {
    case "BuyTile":
    case "BuildLake": {
      const tile = view.market[command.slot] as string
      const lake = command.type === "BuildLake"
      const payments = lake ? lakePurchase(view, command.slot) : purchase(view, command.slot)
      changes = resolvePlacement(view, { player: seat, tile, lake, q: command.q, r: command.r, payments })
      break
    }
    case "BuyBasicTile":
      changes = resolvePlacement(view, {
        player: seat,
        tile: command.tile,
        lake: false,
        q: command.q,
        r: command.r,
        payments: [{ item: "tile", amount: basicCost(command.tile) }],
      })
      break
    case "PlaceInvestment": {
      const target = view.players[seat]?.tiles.find((t) => t.q === command.q && t.r === command.r)
      if (!target) return Number.NEGATIVE_INFINITY
      changes = resolveInvestment(view, seat, target)
      break
    }
    default:
      return 0
  }
  const t = after(view, seat, changes)
  // Red lines are worse than the projection says when the next one is close: keep a margin.
  const next = lineAt(linesUpTo(t.population) + 1)
  const margin = next - t.population <= t.reputation ? -0.5 : 0
  return projectedScore(t, turns) + margin + goalBonus(view, seat, changes)
}

/** The worth of each legal command to the seat (same order), as `choose` compares them. */
const scores = ({ seat, view, legal }: BotTurn<View, Command>): number[] => {
  const first = legal[0] as Command
  if (first.type === "KeepGoal")
    return legal.map((c) => (c.type === "KeepGoal" ? goalDef(c.goal).bonus : Number.NEGATIVE_INFINITY))
  if (first.type === "DiscardTile")
    return legal.map((c) =>
      c.type === "DiscardTile"
        ? -100 * (view.surcharges[c.slot] as number) + tileDef(view.market[c.slot] as string).cost
        : Number.NEGATIVE_INFINITY,
    )
  const turns = turnsLeft(view)
  return legal.map((c) => score(view, seat, c, turns))
}

/**
 * Greedy with look-ahead: every legal action is resolved on the seat's own view (all boroughs are public)
 * and valued as the population it projects at the end — income and reputation played out over the turns
 * left, red lines included — plus a share of the income/reputation goals it would lead. Discards take the
 * free slot holding the priciest tile (denying it to the next player). Keeps the goal with the larger bonus.
 */
export const heuristicBot: Bot<View, Command> = {
  name: "heuristic",
  choose: (turn) => {
    const { legal, random } = turn
    const first = legal[0] as Command
    const worth = scores(turn)
    // The first best goal or discard; among placements a hair of noise breaks ties from game to game.
    const noisy = first.type !== "KeepGoal" && first.type !== "DiscardTile"
    let best: Command = first
    let bestScore = Number.NEGATIVE_INFINITY
    legal.forEach((c, i) => {
      const s = (worth[i] as number) + (noisy ? random.int(0, 999) / 1e6 : 0)
      if (s > bestScore) {
        bestScore = s
        best = c
      }
    })
    return best
  },
  scores,
}
