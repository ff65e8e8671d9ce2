import type { Bot, BotTurn } from "../../../kernel/bot.js"
import type { Seat } from "../../../kernel/game.js"
import { neighboursOf } from "../board.js"
import type { ChooseZone, Command } from "../commands.js"
import { BONUS, costOf, VOTE_TYPES, type VoteType } from "../data.js"
import type { View } from "../view.js"
import {
  type BoardView,
  desirableChance,
  expectedSpaceValue,
  freeSpaces,
  holdings,
  withConstruction,
} from "./estimates.js"

type Turn = BotTurn<View, Command>

/** How much the bot cares about what a vote gives its opponents (0 = only itself, 1 = zero-sum). */
const OPPONENT_WEIGHT = 0.5

/** A margin (in money) below which buying is not worth its risk. */
const MIN_GAIN = 0.5

/** Expected income of each seat from the zones a construction on `zone` touches, were it `type`. */
const incomeAround = (view: View, zone: number, type: VoteType): number[] => {
  const board = withConstruction(view.zones, zone, type)
  const income = new Array<number>(view.seats).fill(0)
  for (const z of [zone, ...neighboursOf(zone)]) {
    const state = board[z - 1]
    if (!state || state.closed || state.construction === "park" || state.markers.length === 0) continue
    const perSpace = expectedSpaceValue(board, z, VOTE_TYPES)
    for (const seat of state.markers) income[seat] = (income[seat] ?? 0) + perSpace
  }
  return income
}

/** The value of a construction type on `zone` to `seat`: its own income less a share of its opponents'. */
const voteScore = (view: View, seat: Seat, zone: number, type: VoteType, opponentWeight: number): number => {
  const income = incomeAround(view, zone, type)
  let others = 0
  for (let s = 0; s < view.seats; s++) if (s !== seat) others += income[s] ?? 0
  return (income[seat] ?? 0) - (opponentWeight * others) / Math.max(1, view.seats - 1)
}

const best = <T>(items: ReadonlyArray<T>, score: (item: T) => number, turn: Turn): T => {
  let top = Number.NEGATIVE_INFINITY
  let winners: T[] = []
  for (const item of items) {
    const s = score(item)
    if (s > top + 1e-9) {
      top = s
      winners = [item]
    } else if (Math.abs(s - top) <= 1e-9) winners.push(item)
  }
  return turn.random.pick(winners)
}

/** Rounds still to come, roughly: about 1.5 zones are drawn a round. */
const roundsLeft = (view: View): number => {
  const tiles = view.piles.west.length + view.piles.east.length + view.hands.reduce((k, h) => k + h.length, 0)
  return view.options.variant === "2p-official" ? tiles : tiles / 1.5
}

/** Chance that a zone with `missing` free spaces left is sold out before the game ends. */
const completionChance = (view: View, missing: number): number => {
  if (missing <= 0) return 1
  return Math.min(1, (0.6 * roundsLeft(view)) / missing)
}

/** Expected gain of a request: my income from the zone once sold out, weighted by the chance it sells out. */
const requestGain = (view: View, seat: Seat, command: ChooseZone): number => {
  const board: BoardView = view.zones
  const zone = board[command.zone - 1]
  if (!zone || zone.closed || zone.construction === "park") return 0
  const free = freeSpaces(board, command.zone)
  if (free === 0) return 0
  const got = Math.min(command.spaces, free)
  const held = holdings(board, command.zone, view.seats)
  const mine = held[seat] ?? 0
  const others = held.filter((k, s) => s !== seat && k > 0).length
  const perSpace = expectedSpaceValue(board, command.zone, VOTE_TYPES)
  const type = zone.construction
  const multiplier = 1 + (type ? desirableChance(board, command.zone, type) : 0.5)
  const after = free - got
  const bonus =
    after === 0 && others === 0
      ? BONUS.oneOwner * multiplier
      : after === 0 && others === 1
        ? BONUS.twoOwners * multiplier
        : 0
  const cost = view.options.variant === "2p-official" ? 0 : costOf(command.spaces, type !== null)
  const before = completionChance(view, free) * mine * perSpace
  const gain = completionChance(view, after) * ((mine + got) * perSpace + bonus)
  return gain - before - cost
}

/**
 * Requests this close (in money) to the best one are all worth making, and the bot picks one of them at
 * random: the others choose their zones at the same moment, and bots that all take the one best zone split
 * its spaces and pay in full for what they did not get (identical bots used to tie every four-seat game).
 * 1.5 was the strongest of 0.5, 1.5, 3 and 6 against the bot that always took the best (docs/research).
 */
const NEAR_BEST = 1.5

const chooseZone = (turn: Turn): Command => {
  const { view, seat, legal } = turn
  let pass: Command | null = null
  const worth: { command: Command; gain: number }[] = []
  for (const c of legal) {
    if (c.type !== "ChooseZone") continue
    const z = view.zones[c.zone - 1]
    if (!z || z.construction === "park") {
      pass ??= c
      continue
    }
    // Nothing to get there: a pass under option fullZoneChoice "pass", a loss under the rule text (ruling 26).
    if (z.closed || z.markers.length >= 4) continue
    const gain = requestGain(view, seat, c)
    if (gain > MIN_GAIN) worth.push({ command: c, gain })
  }
  if (worth.length === 0) return pass ?? turn.random.pick(legal)
  const top = Math.max(...worth.map((w) => w.gain))
  const near = worth.filter((w) => w.gain >= top - NEAR_BEST)
  return turn.random.pick(near).command
}

/** The bot's own interest in a zone being constructed now: its markers there, less its opponents'. */
const zoningInterest = (view: View, seat: Seat, zone: number): number => {
  const held = holdings(view.zones, zone, view.seats)
  let others = 0
  for (let s = 0; s < view.seats; s++) if (s !== seat) others += held[s] ?? 0
  return (held[seat] ?? 0) - others / Math.max(1, view.seats - 1)
}

const choose = (turn: Turn): Command => {
  const { view, seat, legal } = turn
  const first = legal[0] as Command
  const step = view.step
  switch (first.type) {
    case "DrawZoningTile":
      return best(
        legal,
        (c) => {
          if (c.type !== "DrawZoningTile") return 0
          const tiles = view.piles[c.pile]
          let sum = 0
          for (const t of tiles) sum += zoningInterest(view, seat, t)
          return tiles.length > 0 ? sum / tiles.length : 0
        },
        turn,
      )
    case "PlayZoningTile":
      return best(legal, (c) => (c.type === "PlayZoningTile" ? zoningInterest(view, seat, c.zone) : 0), turn)
    case "CastVote":
    case "BreakTie":
    case "ChooseConstruction": {
      const zone = step.zone ?? 0
      const weight = first.type === "ChooseConstruction" ? 1 : OPPONENT_WEIGHT
      return best(
        legal,
        (c) => ("construction" in c ? voteScore(view, seat, zone, c.construction, weight) : 0),
        turn,
      )
    }
    case "DeclareLobby": {
      const zone = step.zone ?? 0
      const mine = view.mine?.vote
      if (!mine) return { type: "DeclareLobby", use: false }
      const own = voteScore(view, seat, zone, mine, OPPONENT_WEIGHT)
      let rival = Number.NEGATIVE_INFINITY
      for (const t of step.options ?? [])
        if (t !== mine) rival = Math.max(rival, voteScore(view, seat, zone, t, OPPONENT_WEIGHT))
      const margin = own - rival
      const late = roundsLeft(view) <= 2
      return { type: "DeclareLobby", use: margin >= 6 || (late && margin > 0) }
    }
    case "ChooseZone":
      return chooseZone(turn)
  }
}

/**
 * A sensible player: buys spaces whose expected income (neighbours built and to come, chance of being
 * desirable, bonus, chance the zone sells out in time) beats their cost, choosing at random among the
 * requests close to the best (a mixed strategy: the other players choose at the same time); votes for the
 * construction that pays its own markers most (less half of what it pays the others), spends its lobby disc
 * on a vote that matters, and draws from the pile where it holds more unconstructed spaces.
 */
export const heuristicBot: Bot<View, Command> = { name: "heuristic", choose }
