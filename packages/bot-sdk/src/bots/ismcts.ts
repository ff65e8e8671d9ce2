import {
  type AnyGame,
  type Bot,
  findGame,
  type GameEnded,
  type Match,
  play,
  Random,
  type Seat,
  sampledSecrets,
  type Typed,
  unrecorded,
} from "@boroughs/core"
import { Result } from "effect"
import { type AnyBot, defineBot } from "../bot.js"
import type { HelperPool } from "./threads.js"

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
  /**
   * How playouts choose. Default: the game's heuristic bot with 10% uniform choices (`botPlayout`), uniform
   * for a game without one — the same as `isMctsBot`'s.
   */
  readonly playout?: PlayoutPolicy | undefined
  /**
   * A fallback command: played when the search is too thin to choose — its most visited command has fewer
   * than `minVisits` visits (more legal commands than iterations) — and, with `priorShare` > 0, kept unless
   * another command beats its visits plus that share of the iterations. Default: the game's heuristic's
   * choice from the same view (as `isMctsBot`); null: none.
   */
  readonly prior?: Typed | null | undefined
  readonly priorShare?: number | undefined
  /** Fewest visits for the search's own choice to stand against `prior` (default 4). */
  readonly minVisits?: number | undefined
  /** How the root spends the budget (default `halving`; see `isMctsSearch`). */
  readonly root?: "halving" | "ucb" | undefined
  /**
   * Under `halving`: how many standard errors the best command's paired advantage over `prior` must reach
   * for the search to play it instead of the prior (default 1).
   */
  readonly confidence?: number | undefined
  /**
   * Under `halving`: the legal commands best first, as a heuristic rates them (its `scores`). A budget too
   * small to try them all tries the best-rated; without it, a random share. Default: the game's heuristic's
   * ratings when it rates its commands and there are more than 8 (as `isMctsBot`).
   */
  readonly order?: ReadonlyArray<Typed> | undefined
  /** Each seat's reward in [0, 1] for a finished playout (default `winShareRewards`). */
  readonly rewards?: ((ended: GameEnded) => number[]) | undefined
  /**
   * Cut playouts after this many decisions past the tree and score the position as if the game ended
   * there, by the game's `standings` (each seat's score as it stands). Default: where
   * `DEFAULT_PLAYOUT_DECISIONS` says, else the end (`Infinity` plays to the end). For a game without
   * `standings` playouts always run to the end.
   */
  readonly playoutDecisions?: number | undefined
  /**
   * Cut playouts once the searching seat has played `playoutRounds` more turns after the root's (at the
   * first decision of another seat after them; or at `playoutDecisions`, whichever comes first), scored as
   * `playoutDecisions` says. Cut by turns, every rival has answered the root command as often whichever it
   * was: a count of decisions cuts sooner after a command that brings more decisions of its own (a story, a
   * 6). The searcher's own next turns are in, so what a command sets up for them (where Manhattan's pawns
   * stand) counts. Default: no such cut. Needs `standings`, like `playoutDecisions`.
   */
  readonly playoutRounds?: number | undefined
  /**
   * How a cut playout's position is scored: by the game's bare `standings` (default) or by its `prospects`
   * where it has them (the standings plus what each seat can expect to add soon). Prospects judge a cut
   * Manhattan position better at an equal number of iterations but cost about a third of them: at one second
   * a decision the standings won more (docs/research/bot-sdk-strength.md).
   */
  readonly cutScores?: "prospects" | "standings" | undefined
  /**
   * Under `halving`: grow no tree below the root commands (default false): after a root command, every
   * decision is the playout policy's. A flat search spends nothing exploring weak follow-ups.
   */
  readonly flat?: boolean | undefined
}

/** One root command's statistics. */
export interface RootStat {
  readonly command: Typed
  readonly visits: number
  readonly mean: number
  /**
   * Under the `halving` root with a prior: the samples this command was tried on beside the prior, and its
   * mean reward minus the prior's over them (what decides whether it is played instead of the prior).
   */
  readonly paired?: { readonly samples: number; readonly advantage: number } | undefined
}

export interface SearchResult {
  readonly command: Typed
  readonly iterations: number
  /** The root's children, most visited first. */
  readonly stats: ReadonlyArray<RootStat>
  /** How many threads' samples were pooled (`isMctsSearchOnThreads`; absent: this thread alone). */
  readonly threads?: number | undefined
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

/**
 * Commands as map keys: games list a command's fields in a fixed order, so plain JSON is a stable key. Games
 * hand out the same frozen command objects again and again (Manhattan's are all shared), so each object's
 * key is worked out once: the JSON was a seventh of a Manhattan search's time.
 */
const keys = new WeakMap<Typed, string>()
const keyOf = (command: Typed): string => {
  let key = keys.get(command)
  if (key === undefined) {
    key = JSON.stringify(command)
    keys.set(command, key)
  }
  return key
}

/**
 * A child's key: the seat that moves and its command. The tree is open-loop over chance and hidden choices,
 * so the same place in it can be one seat's decision in one sample and another's in the next (after a 6 in
 * Manhattan the roller builds again; without one the next player moves): the same command by another seat
 * is another node, or its rewards would be credited to the wrong seat.
 */
const childKeys = new WeakMap<Typed, string[]>()
const childKey = (mover: Seat, command: Typed): string => {
  let bySeat = childKeys.get(command)
  if (bySeat === undefined) {
    bySeat = []
    childKeys.set(command, bySeat)
  }
  let key = bySeat[mover]
  if (key === undefined) {
    key = `${mover}:${keyOf(command)}`
    bySeat[mover] = key
  }
  return key
}

/** Each seat's reward for an outcome: mostly the share of the win, a little the score (to break flat results). */
export const winShareRewards = (ended: GameEnded): number[] => {
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

/**
 * A cut playout scored as if the game ended where it stands: ranks by the game's `standings` scores (or its
 * `prospects`), read from the searcher's own view of its sampled state (a guess of its own, so
 * nothing leaks).
 */
const endedAsItStands = (game: AnyGame, match: Match, seat: Seat, byProspects: boolean): GameEnded => {
  const view = game.view(match.state, { kind: "seat", seat })
  const scores =
    byProspects && game.prospects !== undefined
      ? game.prospects(view)
      : (game.standings as NonNullable<AnyGame["standings"]>).read(view).map((s) => s.score)
  const ranks = scores.map((score) => 1 + scores.filter((other) => other > score).length)
  return { type: "GameEnded", ranks, scores, seed: "sample", reason: "adjudicated" }
}

const mustPlay = (match: Match, seat: Seat, command: Typed): Match => {
  const played = play(match, seat, command)
  if (Result.isFailure(played))
    throw new Error(`ismcts: ${match.game.id} refused ${keyOf(command)}: ${played.failure.rule}`)
  return played.success.match
}

/** One search's shared pieces: the tree below the root is grown the same way whatever the root does. */
interface Search {
  readonly game: AnyGame
  readonly seat: Seat
  readonly root: Node
  readonly exploration: number
  readonly playout: PlayoutPolicy
  readonly rewardsOf: (ended: GameEnded) => number[]
  readonly path: Node[]
  /** Decisions a playout may take before it is scored where it stands (Infinity: to the end). */
  readonly playoutDecisions: number
  /** The searcher's turns after the root's that a playout plays before it is scored where it stands (Infinity: all). */
  readonly playoutRounds: number
  /** Score cut playouts by the game's `prospects` rather than its bare standings. */
  readonly byProspects: boolean
  /** No tree below the root commands: their follow-ups are the playout's. */
  readonly flat: boolean
}

/**
 * One iteration below `node` (the root, or a root child whose command `match` has just played): UCB1 over
 * the children that are legal in this sample, one expansion, then the playout; every node on the path is
 * scored for the seat that chose it. Returns the root seat's reward.
 */
const iterate = (search: Search, start: Match, from: Node | null, random: Random): number => {
  const { game, root, seat, exploration, playout, rewardsOf, path, playoutDecisions } = search
  let match = start
  let node: Node | null = from
  let played = 0
  // The searcher's turns since the root's: a new turn is its decision after another seat's.
  let lastMover = seat
  let rounds = 0
  while (match.ended === null) {
    // A cut playout stops before it asks the rules for the next decision's commands.
    if (node === null && played >= playoutDecisions) break
    // The root is this seat's decision; below it, whoever the rules ask first (simultaneous choices in turn).
    const mover = node === root ? seat : game.pending(match.state)[0]?.seat
    if (mover === undefined) throw new Error(`ismcts: ${game.id}: nobody owes a decision in a live game`)
    if (mover !== lastMover) {
      if (mover === seat) rounds++
      else if (rounds >= search.playoutRounds) break
      lastMover = mover
    }
    const options = game.legalCommands(match.state, mover) as ReadonlyArray<Typed>
    if (node === null) {
      played++
      match = mustPlay(match, mover, playout(match, mover, options, random))
      continue
    }
    const untried: Typed[] = []
    let best: Node | null = null
    let bestScore = Number.NEGATIVE_INFINITY
    for (const command of options) {
      const child = node.children.get(childKey(mover, command))
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
      node.children.set(childKey(mover, command), child)
      path.push(child)
      match = mustPlay(match, mover, command)
      node = null // expanded: the rest is the playout
    } else if (best !== null) {
      path.push(best)
      match = mustPlay(match, mover, best.command as Typed)
      node = best
    } else throw new Error(`ismcts: ${game.id}: seat ${mover} owes a decision but has no legal command`)
  }
  const rewards = rewardsOf(match.ended ?? endedAsItStands(game, match, seat, search.byProspects))
  for (const n of path) {
    n.visits++
    n.total += rewards[n.seat] ?? 0
  }
  path.length = 0
  return rewards[seat] ?? 0
}

/** A sampled full state as a match the kernel can play on. */
const sampleMatch = (game: AnyGame, view: unknown, random: Random): Match => ({
  game,
  state: (game.determinise as NonNullable<AnyGame["determinise"]>)(view, random),
  seed: "sample",
  ended: null,
  events: 0,
})

/** A game is searched from a view only through its `determinise` hook: without one, it is refused. */
const refuseWithoutDeterminise = (game: AnyGame): void => {
  if (game.determinise === undefined)
    throw new Error(`ismcts: ${game.id} has no determinise hook, so it cannot be searched from a view alone`)
}

/** A playout cut as asked, or never: a cut position is scored by the game's standings, so it needs them. */
const cutAfter = (game: AnyGame, n: number | undefined): number =>
  game.standings === undefined ? Number.POSITIVE_INFINITY : (n ?? Number.POSITIVE_INFINITY)

/** A search's shared pieces from its settings. */
const makeSearch = (game: AnyGame, seat: Seat, settings: IsMctsSettings): Search => ({
  game,
  seat,
  root: new Node(seat, null),
  exploration: settings.exploration ?? 0.7,
  playout: settings.playout ?? randomPlayout,
  rewardsOf: settings.rewards ?? winShareRewards,
  path: [],
  playoutDecisions: cutAfter(game, settings.playoutDecisions),
  playoutRounds: cutAfter(game, settings.playoutRounds),
  byProspects: settings.cutScores === "prospects",
  flat: settings.flat === true,
})

/**
 * A search's settings with what they leave out filled in, the one set of defaults `isMctsSearch` and
 * `isMctsBot` share: the game's heuristic bot (from the core registry) gives the playouts (with 10% uniform
 * choices), the prior and the root order; a game without one gets uniform playouts and neither. The prior and
 * the order are the heuristic's answers from the searcher's own view, drawn from `random` in that order.
 */
export const searchDefaults = (
  game: AnyGame,
  view: unknown,
  seat: Seat,
  legal: ReadonlyArray<Typed>,
  random: Random,
  settings: IsMctsSettings,
): IsMctsSettings => {
  const heuristic = findGame(game.id)?.bots.heuristic
  const turn = { seat, view, legal, random }
  const prior = settings.prior === undefined ? heuristic?.choose(turn) : settings.prior
  const rated =
    settings.order !== undefined || heuristic?.scores === undefined || legal.length <= 8
      ? undefined
      : heuristic.scores(turn)
  return {
    ...settings,
    playout: settings.playout ?? (heuristic === undefined ? randomPlayout : botPlayout(heuristic)),
    prior: prior ?? undefined,
    order: settings.order ?? (rated === undefined ? undefined : bestFirst(legal, rated)),
    playoutDecisions: settings.playoutDecisions ?? DEFAULT_PLAYOUT_DECISIONS[game.id],
  }
}

/** The commands ordered by their ratings, best first. */
const bestFirst = (legal: ReadonlyArray<Typed>, ratings: ReadonlyArray<number>): Typed[] =>
  legal
    .map((command, i) => ({ command, worth: ratings[i] ?? Number.NEGATIVE_INFINITY }))
    .sort((a, b) => b.worth - a.worth)
    .map((c) => c.command)

/**
 * Searches from one seat's view. The signature is the guarantee: the search gets the view, never a state,
 * and every state it plays through comes from `game.determinise(view, random)`.
 *
 * The root is searched by one of two schemes (`settings.root`):
 * - `halving` (default): Sequential Halving (Karnin, Koren & Somekh 2013; at an MCTS root, Cazenave 2014 and
 *   Danihelka et al. 2022), with common random numbers: the budget is split into ⌈log₂ k⌉ rounds; in each,
 *   every remaining command is tried on the same sampled states with the same playout stream, then the
 *   worse half is dropped. Paired samples cancel most of the luck of dice and draws that buries the
 *   differences between commands in a 4-player game, and halving spends the budget on the contenders.
 *   With a `prior`, the prior is never dropped and is played unless the best command beats it on the
 *   paired samples by `confidence` standard errors.
 * - `ucb`: every iteration samples a state and descends from the root by UCB1 (the classic ISMCTS).
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
  refuseWithoutDeterminise(game)
  const first = legal[0]
  if (first === undefined) throw new Error(`ismcts: seat ${seat} has no legal command`)
  if (legal.length === 1)
    return { command: first, iterations: 0, stats: [{ command: first, visits: 0, mean: 0 }] }
  const resolved = searchDefaults(game, view, seat, legal, random, settings)
  const search = makeSearch(game, seat, resolved)
  return (resolved.root ?? "halving") === "halving"
    ? halvingRoot(search, view, legal, random, budget, resolved)
    : ucbRoot(search, view, legal, random, budget, resolved)
}

/** Root statistics in the order of `legal`, then most visited first. */
const rootStats = (search: Search, legal: ReadonlyArray<Typed>): RootStat[] => {
  const stats: RootStat[] = []
  for (const command of legal) {
    const child = search.root.children.get(childKey(search.seat, command))
    stats.push({
      command,
      visits: child?.visits ?? 0,
      mean: child && child.visits > 0 ? child.total / child.visits : 0,
    })
  }
  return stats.sort((a, b) => b.visits - a.visits || b.mean - a.mean)
}

/** A way to spend the root's budget: both grow the same tree below the root (`iterate`). */
type RootSearch = (
  search: Search,
  view: unknown,
  legal: ReadonlyArray<Typed>,
  random: Random,
  budget: IsMctsBudget,
  settings: IsMctsSettings,
) => SearchResult

const ucbRoot: RootSearch = (search, view, legal, random, budget, settings) => {
  const maxIterations = budget.iterations ?? Number.POSITIVE_INFINITY
  const until = budget.until ?? Number.POSITIVE_INFINITY
  let iterations = 0
  while (iterations < maxIterations && (iterations === 0 || Date.now() < until)) {
    iterations++
    // A sample's events are thrown away: its secret choices need no commitments.
    unrecorded(() => iterate(search, sampleMatch(search.game, view, random), search.root, random))
  }
  const stats = rootStats(search, legal)
  let chosen = (stats[0] as RootStat).command
  if (settings.prior != null) {
    const priorKey = keyOf(settings.prior)
    const prior = stats.find((s) => keyOf(s.command) === priorKey)
    const top = stats[0] as RootStat
    const bonus = (settings.priorShare ?? 0) * iterations
    if (prior !== undefined && (top.visits < (settings.minVisits ?? 4) || prior.visits + bonus >= top.visits))
      chosen = prior.command
  }
  return { command: chosen, iterations, stats }
}

/** Fewest samples a command gets in each halving round, when the budget is too small to try every one. */
const MIN_SAMPLES = 4

/** How many commands a budget of `n` iterations can try MIN_SAMPLES times in each of its halving rounds. */
const affordable = (n: number): number => {
  let m = 2
  while (m < 4096 && (m + 1) * MIN_SAMPLES * Math.ceil(Math.log2(m + 1)) <= n) m++
  return m
}

/** A root command's sums under Sequential Halving. Every field adds up across threads. */
export interface CandidateSums {
  visits: number
  total: number
  /** Sum and sum of squares of (this command's reward − the prior's) over the samples both were tried on. */
  diff: number
  diff2: number
  paired: number
}

/** What the threads of one search have done so far, added up. */
export interface PooledSums {
  /** By index into the legal commands. */
  readonly sums: ReadonlyArray<CandidateSums>
  readonly iterations: number
}

/** Adds up the sums of several threads (index by index) and their iterations. */
export const poolSums = (parts: ReadonlyArray<PooledSums>): PooledSums => {
  const sums = (parts[0]?.sums ?? []).map(() => ({ visits: 0, total: 0, diff: 0, diff2: 0, paired: 0 }))
  let iterations = 0
  for (const part of parts) {
    iterations += part.iterations
    part.sums.forEach((s, i) => {
      const into = sums[i] as CandidateSums
      into.visits += s.visits
      into.total += s.total
      into.diff += s.diff
      into.diff2 += s.diff2
      into.paired += s.paired
    })
  }
  return { sums, iterations }
}

/**
 * One thread's share of a halving search: every root command with a tree of its own below, tried on states
 * sampled from the view with this thread's random stream. Threads that sample the same commands add up to
 * one search with their samples pooled (root parallelisation): `poolSums` of their `totals()`.
 */
export class HalvingSampler {
  private readonly nodes: Node[]
  private readonly paired: Array<{ diff: number; diff2: number; paired: number }>
  private readonly rewards: number[] = []
  /** Iterations this thread has run. */
  iterations = 0

  constructor(
    private readonly search: Search,
    private readonly view: unknown,
    private readonly legal: ReadonlyArray<Typed>,
    /** The prior's index in `legal`, or −1. */
    private readonly prior: number,
    private readonly random: Random,
    /** Run one iteration whatever the budget says (the search's own thread; the others may have none). */
    private readonly atLeastOne: boolean,
  ) {
    this.nodes = legal.map((command) => {
      const node = new Node(search.seat, command)
      search.root.children.set(childKey(search.seat, command), node)
      return node
    })
    this.paired = legal.map(() => ({ diff: 0, diff2: 0, paired: 0 }))
  }

  /**
   * Tries the `alive` commands (indices into `legal`, the prior first when there is one) on sample after
   * sample until this thread has run `end` iterations in all or the clock reaches `timeEnd`. `afterFirst` runs
   * after the thread's first iteration and may shorten `alive`.
   */
  round(alive: number[], end: number, timeEnd: number, afterFirst?: () => void): void {
    while (this.sample(alive, end, timeEnd, afterFirst) && this.iterations < end && Date.now() < timeEnd) {}
  }

  /**
   * One sampled state, every alive command tried on it with one playout stream; false when the budget ran
   * out before the last command.
   */
  private sample(alive: number[], end: number, timeEnd: number, afterFirst?: () => void): boolean {
    const { search, rewards } = this
    const state = sampleMatch(search.game, this.view, this.random)
    const stream = sampledSecrets(this.random).rng
    rewards.length = 0
    for (let i = 0; i < alive.length; i++) {
      if ((this.iterations > 0 || !this.atLeastOne) && (this.iterations >= end || Date.now() >= timeEnd))
        break
      const c = alive[i] as number
      const node = this.nodes[c] as Node
      node.available++
      search.path.push(node)
      const command = this.legal[c] as Typed
      // A sample's events are thrown away: its secret choices need no commitments.
      const reward = unrecorded(() =>
        iterate(
          search,
          mustPlay(state, search.seat, command),
          search.flat ? null : node,
          Random.open(stream),
        ),
      )
      rewards.push(reward)
      this.iterations++
      if (this.iterations === 1) afterFirst?.()
    }
    if (this.prior >= 0 && rewards.length > 0) {
      const priorReward = rewards[0] as number // the prior is tried first
      for (let i = 1; i < rewards.length; i++) {
        const p = this.paired[alive[i] as number] as { diff: number; diff2: number; paired: number }
        const d = (rewards[i] as number) - priorReward
        p.diff += d
        p.diff2 += d * d
        p.paired++
      }
    }
    return rewards.length === alive.length
  }

  /** This thread's sums so far. */
  totals(): PooledSums {
    return {
      sums: this.nodes.map(
        (node, i) => ({ visits: node.visits, total: node.total, ...this.paired[i] }) as CandidateSums,
      ),
      iterations: this.iterations,
    }
  }
}

/** One round of a halving search, for every thread: try `alive` with `iterations` between them until `timeEnd`. */
export interface HalvingRound {
  readonly alive: number[]
  /** This round's iterations for all threads together (Infinity: the clock alone ends it). */
  readonly iterations: number
  readonly timeEnd: number
  /** Only with one thread: runs after its first iteration (a time budget sizes the search by it). */
  readonly afterFirst?: (() => void) | undefined
}

/** The index of `settings.prior` in `legal`, or −1. */
const priorIndex = (legal: ReadonlyArray<Typed>, settings: IsMctsSettings): number => {
  const key = settings.prior == null ? null : keyOf(settings.prior)
  return legal.findIndex((c) => keyOf(c) === key)
}

/**
 * Sequential Halving's plan, apart from who samples: yields each round for the threads to run, is handed
 * their pooled sums back, and returns the choice. `probe` runs one iteration on the calling thread (a time
 * budget shared by several threads is sized by it before the first round).
 */
function* halvingRounds(
  legal: ReadonlyArray<Typed>,
  random: Random,
  budget: IsMctsBudget,
  settings: IsMctsSettings,
  threads: number,
  probe: (command: number) => void,
): Generator<HalvingRound, SearchResult, PooledSums> {
  const prior = priorIndex(legal, settings)
  // The prior first, then the others best-rated first when the heuristic rates them (`order`), else in a
  // random order: a budget too small to try every command (hundreds of Suburbia placements) tries the
  // prior and as many of the next as it can try MIN_SAMPLES times in every round.
  const rank = new Map((settings.order ?? []).map((c, i) => [keyOf(c), i]))
  const rest = random.shuffle(legal.map((_, i) => i).filter((i) => i !== prior))
  if (rank.size > 0)
    rest.sort(
      (a, b) =>
        (rank.get(keyOf(legal[a] as Typed)) ?? Number.POSITIVE_INFINITY) -
        (rank.get(keyOf(legal[b] as Typed)) ?? Number.POSITIVE_INFINITY),
    )
  let alive = [...(prior < 0 ? [] : [prior]), ...rest]
  const maxIterations = budget.iterations ?? Number.POSITIVE_INFINITY
  const until = budget.until ?? Number.POSITIVE_INFINITY
  const started = Date.now()
  // In place: the one thread's `afterFirst` shortens the list that thread is going through.
  const afford = (n: number) => {
    const m = affordable(n)
    if (m < alive.length) alive.length = m
  }
  afford(maxIterations)
  // Under a time budget, the first iteration tells what the budget buys.
  const timed = until !== Number.POSITIVE_INFINITY
  const sizeBy = () => afford(((threads * (until - started)) / Math.max(0.01, Date.now() - started)) * 0.9)
  if (timed && threads > 1 && alive[0] !== undefined) {
    probe(alive[0])
    sizeBy()
  }
  let pooled: PooledSums = {
    sums: legal.map(() => ({ visits: 0, total: 0, diff: 0, diff2: 0, paired: 0 })),
    iterations: 0,
  }
  const mean = (i: number) => {
    const s = pooled.sums[i] as CandidateSums
    return s.total / Math.max(1, s.visits)
  }
  let first = true
  while (alive.length > 1) {
    // Each round gets an equal share of what is left of the budget (iterations, time or both). Counted
    // again each round: when the budget could not try every command, fewer halvings are left.
    const left = Math.ceil(Math.log2(alive.length))
    const now = Date.now()
    pooled = yield {
      alive,
      iterations: Math.floor((maxIterations - pooled.iterations) / left),
      timeEnd: timed ? now + (until - now) / left : until,
      afterFirst: first && timed && threads === 1 ? sizeBy : undefined,
    }
    first = false
    if (left === 1 || pooled.iterations >= maxIterations || Date.now() >= until) break
    // The better half of the commands tried goes on; the prior always does, in the place of the weakest,
    // and first: a sample reads the first reward as the prior's, to pair every other command with it.
    const ranked = alive
      .filter((i) => (pooled.sums[i] as CandidateSums).visits > 0)
      .sort((a, b) => mean(b) - mean(a))
    const keep = ranked.slice(0, Math.ceil(ranked.length / 2))
    alive =
      prior < 0
        ? keep
        : [prior, ...(keep.includes(prior) ? keep.filter((i) => i !== prior) : keep.slice(0, -1))]
  }
  let best = alive.reduce((a, b) => (mean(b) > mean(a) ? b : a))
  if (prior >= 0 && best !== prior) {
    // Play the prior unless the best command's paired advantage over it is clearly more than luck.
    const { paired: n, diff, diff2 } = pooled.sums[best] as CandidateSums
    const avg = n > 0 ? diff / n : 0
    const sd = n > 1 ? Math.sqrt(Math.max(0, (diff2 - n * avg * avg) / (n - 1))) : Number.POSITIVE_INFINITY
    const z = settings.confidence ?? 1
    if (n < (settings.minVisits ?? 4) || avg <= z * (sd / Math.sqrt(n))) best = prior
  }
  const stats = legal
    .map((command, i): RootStat => {
      const s = pooled.sums[i] as CandidateSums
      const stat = { command, visits: s.visits, mean: s.visits > 0 ? s.total / s.visits : 0 }
      return prior < 0 || i === prior
        ? stat
        : { ...stat, paired: { samples: s.paired, advantage: s.paired > 0 ? s.diff / s.paired : 0 } }
    })
    .sort((a, b) => b.visits - a.visits || b.mean - a.mean)
  return { command: legal[best] as Typed, iterations: pooled.iterations, stats }
}

/** Runs `rounds` on one thread: this one. */
const halvingRoot: RootSearch = (search, view, legal, random, budget, settings) => {
  const sampler = new HalvingSampler(search, view, legal, priorIndex(legal, settings), random, true)
  const rounds = halvingRounds(legal, random, budget, settings, 1, () => {})
  let step = rounds.next()
  while (step.done !== true) {
    const { alive, iterations, timeEnd, afterFirst } = step.value
    sampler.round(alive, sampler.iterations + iterations, timeEnd, afterFirst)
    step = rounds.next(sampler.totals())
  }
  return step.value
}

/** What a helper thread is told to grow its share of a search: plain data, as it crosses threads. */
export interface HelperSearch {
  /** A game id in the core registry (rules do not cross threads; ids do). */
  readonly game: string
  readonly view: unknown
  readonly seat: Seat
  readonly legal: ReadonlyArray<Typed>
  /** The prior's index in `legal`, or −1. */
  readonly prior: number
  readonly exploration: number
  readonly playoutDecisions: number
  readonly playoutRounds: number
  readonly cutScores: "prospects" | "standings"
  readonly flat: boolean
  /** Playouts by the game's heuristic with `epsilon` of uniform choices, or uniform (`epsilon` 1). */
  readonly epsilon: number
  /** The helper's own random stream: `Random.fromKey(seed)`. */
  readonly seed: string
}

/** The playout policy `epsilon` names: the game's heuristic with that share of uniform choices, else uniform. */
export const playoutOf = (game: string, epsilon: number): PlayoutPolicy => {
  const heuristic = findGame(game)?.bots.heuristic
  return heuristic === undefined || epsilon >= 1 ? randomPlayout : botPlayout(heuristic, epsilon)
}

/** A helper thread's sampler for its share of a search (the worker's side of `HalvingHelpers`). */
export const helperSampler = (plan: HelperSearch): HalvingSampler => {
  const game = findGame(plan.game)?.game
  if (game === undefined) throw new Error(`ismcts: unknown game ${plan.game}`)
  const search = makeSearch(game, plan.seat, {
    exploration: plan.exploration,
    playout: playoutOf(plan.game, plan.epsilon),
    playoutDecisions: plan.playoutDecisions,
    playoutRounds: plan.playoutRounds,
    cutScores: plan.cutScores,
    flat: plan.flat,
  })
  return new HalvingSampler(search, plan.view, plan.legal, plan.prior, Random.fromKey(plan.seed), false)
}

/** The other threads of a search on several threads: one `HalvingSampler` on each. */
export interface HalvingHelpers {
  readonly count: number
  /** Starts helper `h` on a search: the same view and commands as this thread, a random stream of its own. */
  start(h: number, plan: HelperSearch): void
  /** Helper `h` runs `iterations` more (Infinity: until `timeEnd`) on `alive`; resolves to its sums so far. */
  round(h: number, alive: ReadonlyArray<number>, iterations: number, timeEnd: number): Promise<PooledSums>
}

/** How the helpers of a search on several threads search: what `isMctsSettings` says in plain data. */
export type HelperSettings = Pick<
  HelperSearch,
  "exploration" | "playoutDecisions" | "playoutRounds" | "cutScores" | "flat" | "epsilon"
>

/**
 * `isMctsSearch` with the halving root on this thread and on `helpers`: in every round each thread tries the
 * same commands on samples of its own, and the rounds are decided on the pooled sums — one search with the
 * samples of all its threads (root parallelisation). Under an iteration budget the threads share the
 * iterations and the result is reproducible; under a time budget each runs to the same clock. The local
 * thread searches with `settings`; `helperSettings` must say the same in plain data (`isMctsBot` builds
 * both from its options).
 */
export const isMctsSearchOnThreads = async (
  game: AnyGame,
  view: unknown,
  seat: Seat,
  legal: ReadonlyArray<Typed>,
  random: Random,
  budget: IsMctsBudget,
  given: IsMctsSettings,
  helpers: HalvingHelpers,
  helperSettings: HelperSettings,
): Promise<SearchResult> => {
  if (helpers.count === 0 || legal.length < 2 || (given.root ?? "halving") !== "halving")
    return isMctsSearch(game, view, seat, legal, random, budget, given)
  refuseWithoutDeterminise(game)
  const settings = searchDefaults(game, view, seat, legal, random, given)
  const prior = priorIndex(legal, settings)
  for (let h = 0; h < helpers.count; h++)
    helpers.start(h, {
      ...helperSettings,
      game: game.id,
      view,
      seat,
      legal,
      prior,
      seed: `${random.int(0, 0x7fffffff)}`,
    })
  const local = new HalvingSampler(makeSearch(game, seat, settings), view, legal, prior, random, true)
  const threads = helpers.count + 1
  const probe = (command: number) => local.round([command], local.iterations + 1, Number.POSITIVE_INFINITY)
  const rounds = halvingRounds(legal, random, budget, settings, threads, probe)
  let step = rounds.next()
  while (step.done !== true) {
    const { alive, iterations, timeEnd } = step.value
    const share = (t: number) =>
      iterations === Number.POSITIVE_INFINITY
        ? iterations
        : Math.floor(iterations / threads) + (t < iterations % threads ? 1 : 0)
    const replies = Array.from({ length: helpers.count }, (_, h) =>
      helpers.round(h, alive, share(h + 1), timeEnd),
    )
    local.round(alive, local.iterations + share(0), timeEnd)
    step = rounds.next(poolSums([local.totals(), ...(await Promise.all(replies))]))
  }
  return { ...step.value, threads }
}

export interface IsMctsOptions extends Omit<IsMctsSettings, "playout" | "prior"> {
  /**
   * Under the `ucb` root: credit the game's heuristic choice with `priorShare` (default 0.1) of the iterations
   * as extra visits (default false). Whatever this says, the heuristic's choice is the prior of the search:
   * played when the search is too thin to choose (see `minVisits`), and under the `halving` root (the
   * default) kept unless another command beats it on paired samples (see `confidence`).
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
  /**
   * Search on this many threads (default 1; Node only, by worker threads): each round of the halving root
   * is sampled on every thread and the sums pooled, so a second searches about `threads` times the samples.
   * Helper threads take settings in plain data: with a playout policy, rewards or `findGame` of one's own
   * the search stays on one thread.
   */
  readonly threads?: number | undefined
  /** The share of uniform choices in heuristic playouts (default 0.1). */
  readonly epsilon?: number | undefined
}

/**
 * Where playouts are cut by default, per game (`playoutDecisions`; a game not listed plays out to the end).
 * Manhattan's playouts are a hundred and more decisions of mostly dice: cut after 12 (about one round of
 * four turns) and ranked by the standings, a search at 1,000 iterations won 44 of 100 games against the
 * heuristic bots where full playouts won 35 %, and each iteration costs a sixth, so a second buys 16,000
 * iterations instead of 3,900 (docs/research/bot-sdk-strength.md has the measurements).
 */
export const DEFAULT_PLAYOUT_DECISIONS: Readonly<Record<string, number>> = { manhattan: 12 }

/** What `isMctsBot` with these options tells its helper threads of a search in `game`, in plain data. */
export const helperSettingsOf = (game: AnyGame, options: IsMctsOptions = {}): HelperSettings => {
  const uniform = options.playout === "random" || findGame(game.id)?.bots.heuristic === undefined
  return {
    exploration: options.exploration ?? 0.7,
    playoutDecisions: cutAfter(game, options.playoutDecisions ?? DEFAULT_PLAYOUT_DECISIONS[game.id]),
    playoutRounds: cutAfter(game, options.playoutRounds),
    cutScores: options.cutScores ?? "standings",
    flat: options.flat === true,
    epsilon: uniform ? 1 : (options.epsilon ?? 0.1),
  }
}

/** How long a bot on several threads waits at a game's start for its helper threads to load, at most. */
const HELPERS_LOAD_MS = 10_000

/** An IS-MCTS bot for any game with a `determinise` hook (all five games). */
export const isMctsBot = (options: IsMctsOptions = {}): AnyBot => {
  const resolve = options.findGame ?? ((id: string) => findGame(id)?.game)
  const timeMs = options.timeMs ?? 1_000
  const threads = options.threads ?? 1
  if (!(Number.isInteger(threads) && threads >= 1)) throw new Error("ismcts: threads is a whole number ≥ 1")
  const epsilon = options.epsilon ?? 0.1
  // Helper threads search with plain settings: a playout policy, reward or rule book of one's own stays here.
  const helpable =
    typeof options.playout !== "function" && options.rewards === undefined && options.findGame === undefined
  let pool: Promise<HelperPool> | null = null
  const startPool = (): Promise<HelperPool> => {
    pool ??= import("./threads.js").then((m) => m.helperPool(threads - 1))
    return pool
  }
  const helpers = async (): Promise<HalvingHelpers | null> => {
    if (threads === 1 || !helpable) return null
    const started = await startPool()
    // Under an iteration budget every helper takes part from the first search on: reproducible.
    if (options.iterations !== undefined) await started.ready
    return await started.available()
  }
  // The helper threads hold one search's plan at a time, and a runner may ask for several decisions at once
  // (several games or seats): searches on the helpers take turns.
  let helpersFree: Promise<unknown> = Promise.resolve()
  const onHelpers = <A>(search: () => Promise<A>): Promise<A> => {
    const turn = helpersFree.then(search)
    helpersFree = turn.catch(() => {})
    return turn
  }
  const budgetName = options.iterations !== undefined ? `${options.iterations}i` : `${timeMs}`
  return defineBot({
    name: `ismcts:${budgetName}${threads > 1 ? `x${threads}` : ""}`,
    decide: async (view, legal, ctx) => {
      const game = resolve(ctx.game)
      if (game === undefined) throw new Error(`ismcts: unknown game ${ctx.game}`)
      const until = Math.min(Date.now() + timeMs, ctx.deadline ?? Number.POSITIVE_INFINITY)
      const heuristic = findGame(game.id)?.bots.heuristic
      // Playouts as asked; the prior and root order are the search's defaults (the heuristic's, from this view).
      const playout =
        typeof options.playout === "function"
          ? options.playout
          : options.playout === "random" || heuristic === undefined
            ? randomPlayout
            : botPlayout(heuristic, epsilon)
      const settings: IsMctsSettings = {
        exploration: options.exploration,
        playout,
        priorShare: options.prior === true ? (options.priorShare ?? 0.1) : 0,
        minVisits: options.minVisits,
        rewards: options.rewards,
        root: options.root,
        confidence: options.confidence,
        playoutDecisions: options.playoutDecisions,
        playoutRounds: options.playoutRounds,
        cutScores: options.cutScores,
        flat: options.flat,
      }
      const budget = options.iterations !== undefined ? { iterations: options.iterations } : { until }
      const others = legal.length > 1 ? await helpers() : null
      const result =
        others === null
          ? isMctsSearch(game, view, ctx.seat, legal, ctx.random, budget, settings)
          : await onHelpers(() =>
              isMctsSearchOnThreads(
                game,
                view,
                ctx.seat,
                legal,
                ctx.random,
                budget,
                settings,
                others,
                helperSettingsOf(game, options),
              ),
            )
      options.onSearch?.(result)
      return result.command
    },
    // The helpers load when the first game starts (about a second, once): they were seen to load only while
    // this thread waits, not between searches that fill it. Capped, so a slow start costs a game no turn.
    gameStarted: async () => {
      if (threads === 1 || !helpable) return
      const started = await startPool()
      let timer: ReturnType<typeof setTimeout> | undefined
      const cap = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, HELPERS_LOAD_MS)
      })
      await Promise.race([started.ready.catch(() => {}), cap])
      clearTimeout(timer)
    },
    close: async () => {
      const started = pool
      pool = null
      if (started !== null) await (await started).close()
    },
  })
}
