import {
  type AnyGame,
  type Bot,
  findGame,
  type GameEnded,
  type Match,
  play,
  type Random,
  type Seat,
  type Typed,
} from "@boroughs/core"
import { Result } from "effect"
import { type AnyBot, defineBot } from "../bot.js"

/**
 * Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, "single observer"): every
 * iteration samples a full state consistent with the bot's own view (the game's `determinise` hook, fed
 * the view only: the real state is never in reach), walks the tree of commands with UCB1 counting each
 * child's availability rather than its parent's visits (a command legal in some samples only), expands one
 * command, plays the game out at random to its end through the kernel's `play`, and scores every node for
 * the seat that chose it. Chance and hidden choices vary between samples, so the tree is open-loop over them.
 */

export interface IsMctsBudget {
  /** Stop after this many iterations (deterministic for a given random stream). */
  readonly iterations?: number | undefined
  /** Stop at this time (epoch ms). At least one iteration runs whatever the clock says. */
  readonly until?: number | undefined
}

/** How a playout picks a seat's command once the search has left its tree. */
export type PlayoutPolicy = (match: Match, seat: Seat, legal: ReadonlyArray<Typed>, random: Random) => Typed

/** Uniform over the legal commands. */
export const randomPlayout: PlayoutPolicy = (_match, _seat, legal, random) => random.pick(legal)

/**
 * The game's own heuristic bot, shown the sampled state's view for the seat (a sample is the searcher's own
 * guess, so nothing leaks), with an `epsilon` share of uniform choices so playouts still vary. In Downtown
 * and Manhattan such a playout costs about what a random one does, and estimates far better.
 */
export const botPlayout =
  (bot: Bot, epsilon = 0.1): PlayoutPolicy =>
  (match, seat, legal, random) =>
    random.int(0, 999) < epsilon * 1000
      ? random.pick(legal)
      : bot.choose({ seat, view: match.game.view(match.state, { kind: "seat", seat }), legal, random })

export interface IsMctsSettings {
  /** UCB1's exploration constant (rewards are in [0, 1]). */
  readonly exploration?: number | undefined
  /** How playouts choose (default: uniform). */
  readonly playout?: PlayoutPolicy | undefined
  /**
   * A fallback command (the game's heuristic's choice): played when the search is too thin to choose — its
   * most visited command has fewer than `minVisits` visits (more legal commands than iterations) — and,
   * with `priorShare` > 0, kept unless another command beats its visits plus that share of the iterations.
   */
  readonly prior?: Typed | undefined
  readonly priorShare?: number | undefined
  /** Fewest visits for the search's own choice to stand against `prior` (default 4). */
  readonly minVisits?: number | undefined
}

/** One root command's statistics. */
export interface RootStat {
  readonly command: Typed
  readonly visits: number
  readonly mean: number
}

export interface SearchResult {
  readonly command: Typed
  readonly iterations: number
  /** The root's children, most visited first. */
  readonly stats: ReadonlyArray<RootStat>
}

class Node {
  readonly children = new Map<string, Node>()
  visits = 0
  total = 0
  /** Iterations in which this node's command was legal at its parent (the UCB "parent count" of ISMCTS). */
  available = 0
  constructor(
    readonly seat: Seat,
    readonly command: Typed | null,
  ) {}
}

/** Commands as map keys: games list a command's fields in a fixed order, so plain JSON is a stable key. */
const keyOf = (command: Typed): string => JSON.stringify(command)

/** Each seat's reward for an outcome: mostly the share of the win, a little the score (to break flat results). */
const rewardsOf = (ended: GameEnded): number[] => {
  const winners = ended.ranks.filter((r) => r === 1).length
  let max = Number.NEGATIVE_INFINITY
  let min = Number.POSITIVE_INFINITY
  for (const s of ended.scores) {
    if (s > max) max = s
    if (s < min) min = s
  }
  const span = max - min || 1
  return ended.ranks.map(
    (rank, seat) => 0.8 * (rank === 1 ? 1 / winners : 0) + (0.2 * ((ended.scores[seat] ?? min) - min)) / span,
  )
}

const mustPlay = (match: Match, seat: Seat, command: Typed): Match => {
  const played = play(match, seat, command)
  if (Result.isFailure(played))
    throw new Error(`ismcts: ${match.game.id} refused ${keyOf(command)}: ${played.failure.rule}`)
  return played.success.match
}

/**
 * Searches from one seat's view. The signature is the guarantee: the search gets the view, never a state,
 * and every state it plays through comes from `game.determinise(view, random)`.
 */
export const isMctsSearch = (
  game: AnyGame,
  view: unknown,
  seat: Seat,
  legal: ReadonlyArray<Typed>,
  random: Random,
  budget: IsMctsBudget,
  settings: IsMctsSettings = {},
): SearchResult => {
  const determinise = game.determinise
  if (determinise === undefined)
    throw new Error(`ismcts: ${game.id} has no determinise hook, so it cannot be searched from a view alone`)
  const first = legal[0]
  if (first === undefined) throw new Error(`ismcts: seat ${seat} has no legal command`)
  if (legal.length === 1)
    return { command: first, iterations: 0, stats: [{ command: first, visits: 0, mean: 0 }] }
  const exploration = settings.exploration ?? 0.7
  const playout = settings.playout ?? randomPlayout
  const root = new Node(seat, null)
  const maxIterations = budget.iterations ?? Number.POSITIVE_INFINITY
  const until = budget.until ?? Number.POSITIVE_INFINITY
  const path: Node[] = []
  let iterations = 0
  while (iterations < maxIterations && (iterations === 0 || Date.now() < until)) {
    iterations++
    let match: Match = { game, state: determinise(view, random), seed: "sample", ended: null, events: 0 }
    path.length = 0
    let node: Node | null = root
    while (match.ended === null) {
      // The root is this seat's decision; below it, whoever the rules ask first (simultaneous choices in turn).
      const mover = node === root ? seat : game.pending(match.state)[0]?.seat
      if (mover === undefined) throw new Error(`ismcts: ${game.id}: nobody owes a decision in a live game`)
      const options = game.legalCommands(match.state, mover) as ReadonlyArray<Typed>
      if (node === null) {
        match = mustPlay(match, mover, playout(match, mover, options, random))
        continue
      }
      const untried: Typed[] = []
      let best: Node | null = null
      let bestScore = Number.NEGATIVE_INFINITY
      for (const command of options) {
        const child = node.children.get(keyOf(command))
        if (child === undefined) {
          untried.push(command)
          continue
        }
        child.available++
        const score =
          child.total / child.visits + exploration * Math.sqrt(Math.log(child.available) / child.visits)
        if (score > bestScore) {
          bestScore = score
          best = child
        }
      }
      if (untried.length > 0) {
        const command = random.pick(untried)
        const child = new Node(mover, command)
        child.available = 1
        node.children.set(keyOf(command), child)
        path.push(child)
        match = mustPlay(match, mover, command)
        node = null // expanded: the rest is the playout
      } else if (best !== null) {
        path.push(best)
        match = mustPlay(match, mover, best.command as Typed)
        node = best
      } else throw new Error(`ismcts: ${game.id}: seat ${mover} owes a decision but has no legal command`)
    }
    const rewards = rewardsOf(match.ended as GameEnded)
    for (const n of path) {
      n.visits++
      n.total += rewards[n.seat] ?? 0
    }
  }
  const stats: RootStat[] = []
  for (const command of legal) {
    const child = root.children.get(keyOf(command))
    stats.push({
      command,
      visits: child?.visits ?? 0,
      mean: child && child.visits > 0 ? child.total / child.visits : 0,
    })
  }
  stats.sort((a, b) => b.visits - a.visits || b.mean - a.mean)
  let chosen = (stats[0] as RootStat).command
  if (settings.prior !== undefined) {
    const priorKey = keyOf(settings.prior)
    const prior = stats.find((s) => keyOf(s.command) === priorKey)
    const top = stats[0] as RootStat
    const bonus = (settings.priorShare ?? 0) * iterations
    if (prior !== undefined && (top.visits < (settings.minVisits ?? 4) || prior.visits + bonus >= top.visits))
      chosen = prior.command
  }
  return { command: chosen, iterations, stats }
}

export interface IsMctsOptions extends Omit<IsMctsSettings, "playout" | "prior"> {
  /**
   * Credit the game's heuristic choice with `priorShare` (default 0.1) of the iterations as extra visits
   * (default false: in Downtown it makes the bot copy the heuristic and tie with it). Whatever this says,
   * the heuristic's choice is played when the search is too thin to choose (see `minVisits`).
   */
  readonly prior?: boolean | undefined
  /**
   * Playouts: `heuristic` (default) plays the game's heuristic bot with 10% uniform choices, falling back to
   * uniform for a game without one; `random` is uniform; or any policy.
   */
  readonly playout?: "heuristic" | "random" | PlayoutPolicy | undefined
  /** Thinking time per decision in ms (default 1000), cut short by the decision's deadline. */
  readonly timeMs?: number | undefined
  /** A fixed number of iterations per decision instead of a time (reproducible). */
  readonly iterations?: number | undefined
  /** Where the rules of a game id come from (default: the core registry). */
  readonly findGame?: ((id: string) => AnyGame | undefined) | undefined
  /** Called after each search (statistics for tools and tests). */
  readonly onSearch?: ((result: SearchResult) => void) | undefined
}

/** An IS-MCTS bot for any game with a `determinise` hook (Downtown, Manhattan, Suburbia, Uptown). */
export const isMctsBot = (options: IsMctsOptions = {}): AnyBot => {
  const resolve = options.findGame ?? ((id: string) => findGame(id)?.game)
  const timeMs = options.timeMs ?? 1_000
  return defineBot({
    name: options.iterations !== undefined ? `ismcts:${options.iterations}i` : `ismcts:${timeMs}`,
    decide: (view, legal, ctx) => {
      const game = resolve(ctx.game)
      if (game === undefined) throw new Error(`ismcts: unknown game ${ctx.game}`)
      const until = Math.min(Date.now() + timeMs, ctx.deadline ?? Number.POSITIVE_INFINITY)
      const heuristic = findGame(game.id)?.bots.heuristic
      const playout =
        typeof options.playout === "function"
          ? options.playout
          : options.playout === "random" || heuristic === undefined
            ? randomPlayout
            : botPlayout(heuristic)
      // The heuristic's own choice, from the same view: the search must find better to play something else.
      const prior =
        heuristic === undefined
          ? undefined
          : heuristic.choose({ seat: ctx.seat, view, legal, random: ctx.random })
      const result = isMctsSearch(
        game,
        view,
        ctx.seat,
        legal,
        ctx.random,
        options.iterations !== undefined ? { iterations: options.iterations } : { until },
        {
          exploration: options.exploration,
          playout,
          prior,
          priorShare: options.prior === true ? (options.priorShare ?? 0.1) : 0,
          minVisits: options.minVisits,
        },
      )
      options.onSearch?.(result)
      return result.command
    },
  })
}
