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
  /** How the root spends the budget (default `halving`; see `isMctsSearch`). */
  readonly root?: "halving" | "ucb" | undefined
  /**
   * Under `halving`: how many standard errors the best command's paired advantage over `prior` must reach
   * for the search to play it instead of the prior (default 1).
   */
  readonly confidence?: number | undefined
  /**
   * Under `halving`: the legal commands best first, as a heuristic rates them (its `scores`). A budget too
   * small to try them all tries the best-rated; without it, a random share.
   */
  readonly order?: ReadonlyArray<Typed> | undefined
  /** Each seat's reward in [0, 1] for a finished playout (default `winShareRewards`). */
  readonly rewards?: ((ended: GameEnded) => number[]) | undefined
  /**
   * Cut playouts after this many decisions past the tree and score the position as if the game ended
   * there, by the game's `standings` (each seat's score as it stands). Default for `isMctsSearch`: play to the
   * end (`isMctsBot` cuts where `DEFAULT_PLAYOUT_DECISIONS` says; `Infinity` plays to the end). For a game
   * without `standings` playouts always run to the end.
   */
  readonly playoutDecisions?: number | undefined
  /**
   * How a cut playout's position is scored: by the game's bare `standings` (default) or by its `prospects`
   * where it has them (the standings plus what each seat can expect to add soon). Prospects judge a cut
   * Manhattan position better at an equal number of iterations but cost about a third of them: at one second
   * a decision the standings won more (see the README).
   */
  readonly cutScores?: "prospects" | "standings" | undefined
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
  /** Score cut playouts by the game's `prospects` rather than its bare standings. */
  readonly byProspects: boolean
}

/**
 * One iteration below `node` (the root, or a root child whose command `match` has just played): UCB1 over
 * the children that are legal in this sample, one expansion, then the playout; every node on the path is
 * scored for the seat that chose it. Returns the root seat's reward.
 */
const iterate = (search: Search, start: Match, from: Node, random: Random): number => {
  const { game, root, seat, exploration, playout, rewardsOf, path, playoutDecisions } = search
  let match = start
  let node: Node | null = from
  let played = 0
  while (match.ended === null) {
    // A cut playout stops before it asks the rules for the next decision's commands.
    if (node === null && played >= playoutDecisions) break
    // The root is this seat's decision; below it, whoever the rules ask first (simultaneous choices in turn).
    const mover = node === root ? seat : game.pending(match.state)[0]?.seat
    if (mover === undefined) throw new Error(`ismcts: ${game.id}: nobody owes a decision in a live game`)
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
  if (game.determinise === undefined)
    throw new Error(`ismcts: ${game.id} has no determinise hook, so it cannot be searched from a view alone`)
  const first = legal[0]
  if (first === undefined) throw new Error(`ismcts: seat ${seat} has no legal command`)
  if (legal.length === 1)
    return { command: first, iterations: 0, stats: [{ command: first, visits: 0, mean: 0 }] }
  const search: Search = {
    game,
    seat,
    root: new Node(seat, null),
    exploration: settings.exploration ?? 0.7,
    playout: settings.playout ?? randomPlayout,
    rewardsOf: settings.rewards ?? winShareRewards,
    path: [],
    playoutDecisions:
      game.standings === undefined
        ? Number.POSITIVE_INFINITY
        : (settings.playoutDecisions ?? Number.POSITIVE_INFINITY),
    byProspects: settings.cutScores === "prospects",
  }
  return (settings.root ?? "halving") === "halving"
    ? halvingRoot(search, view, legal, random, budget, settings)
    : ucbRoot(search, view, legal, random, budget, settings)
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
    iterate(search, sampleMatch(search.game, view, random), search.root, random)
  }
  const stats = rootStats(search, legal)
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

/** Fewest samples a command gets in each halving round, when the budget is too small to try every one. */
const MIN_SAMPLES = 4

/** How many commands a budget of `n` iterations can try MIN_SAMPLES times in each of its halving rounds. */
const affordable = (n: number): number => {
  let m = 2
  while (m < 4096 && (m + 1) * MIN_SAMPLES * Math.ceil(Math.log2(m + 1)) <= n) m++
  return m
}

/** A root command under Sequential Halving: its node, and its paired differences from the prior. */
interface Candidate {
  readonly command: Typed
  readonly node: Node
  /** Sum and sum of squares of (this command's reward − the prior's) over the samples both were tried on. */
  diff: number
  diff2: number
  paired: number
}

const halvingRoot: RootSearch = (search, view, legal, random, budget, settings) => {
  const { game, seat, root } = search
  const priorKey = settings.prior === undefined ? null : keyOf(settings.prior)
  const candidates: Candidate[] = legal.map((command) => {
    const node = new Node(seat, command)
    root.children.set(childKey(seat, command), node)
    return { command, node, diff: 0, diff2: 0, paired: 0 }
  })
  const prior = candidates.find((c) => keyOf(c.command) === priorKey)
  // The prior first, then the others best-rated first when the heuristic rates them (`order`), else in a
  // random order: a budget too small to try every command (hundreds of Suburbia placements) tries the
  // prior and as many of the next as it can try MIN_SAMPLES times in every round.
  const rank = new Map((settings.order ?? []).map((c, i) => [keyOf(c), i]))
  const rest = random.shuffle(candidates.filter((c) => c !== prior))
  if (rank.size > 0)
    rest.sort(
      (a, b) =>
        (rank.get(keyOf(a.command)) ?? Number.POSITIVE_INFINITY) -
        (rank.get(keyOf(b.command)) ?? Number.POSITIVE_INFINITY),
    )
  let alive = [...(prior === undefined ? [] : [prior]), ...rest]
  const maxIterations = budget.iterations ?? Number.POSITIVE_INFINITY
  const until = budget.until ?? Number.POSITIVE_INFINITY
  const started = Date.now()
  const afford = (n: number) => {
    const m = affordable(n)
    if (m < alive.length) alive = alive.slice(0, m)
  }
  afford(maxIterations)
  let iterations = 0
  const rewards: number[] = []
  /**
   * Tries the remaining commands on one sampled state, with one playout stream for all of them, until the
   * round's share of the budget is spent; false when it ran out before the last command.
   */
  const sample = (iterationsEnd: number, timeEnd: number): boolean => {
    const state = sampleMatch(game, view, random)
    const stream = sampledSecrets(random).rng
    rewards.length = 0
    for (let i = 0; i < alive.length; i++) {
      const c = alive[i] as Candidate
      if (iterations > 0 && (iterations >= iterationsEnd || Date.now() >= timeEnd)) break
      c.node.available++
      search.path.push(c.node)
      rewards.push(iterate(search, mustPlay(state, seat, c.command), c.node, Random.open(stream)))
      iterations++
      // Under a time budget, the first iteration tells what the budget buys.
      if (iterations === 1 && until !== Number.POSITIVE_INFINITY)
        afford(((until - started) / Math.max(0.01, Date.now() - started)) * 0.9)
    }
    if (prior !== undefined && rewards.length > 0) {
      const priorReward = rewards[0] as number // the prior is tried first
      for (let i = 1; i < rewards.length; i++) {
        const c = alive[i] as Candidate
        const d = (rewards[i] as number) - priorReward
        c.diff += d
        c.diff2 += d * d
        c.paired++
      }
    }
    return rewards.length === alive.length
  }
  const mean = (c: Candidate) => c.node.total / Math.max(1, c.node.visits)
  while (alive.length > 1) {
    // Each round gets an equal share of what is left of the budget (iterations, time or both). Counted
    // again each round: when the budget could not try every command, fewer halvings are left.
    const left = Math.ceil(Math.log2(alive.length))
    const iterationsEnd = iterations + Math.floor((maxIterations - iterations) / left)
    const now = Date.now()
    const timeEnd = until === Number.POSITIVE_INFINITY ? until : now + (until - now) / left
    while (sample(iterationsEnd, timeEnd) && iterations < iterationsEnd && Date.now() < timeEnd) {}
    if (left === 1 || iterations >= maxIterations || Date.now() >= until) break
    // The better half of the commands tried goes on; the prior always does, in the place of the weakest,
    // and first: `sample` reads the first reward as the prior's, to pair every other command with it.
    const ranked = alive.filter((c) => c.node.visits > 0).sort((a, b) => mean(b) - mean(a))
    const keep = ranked.slice(0, Math.ceil(ranked.length / 2))
    alive =
      prior === undefined
        ? keep
        : [prior, ...(keep.includes(prior) ? keep.filter((c) => c !== prior) : keep.slice(0, -1))]
  }
  let best = alive.reduce((a, b) => (mean(b) > mean(a) ? b : a))
  if (prior !== undefined && best !== prior) {
    // Play the prior unless the best command's paired advantage over it is clearly more than luck.
    const n = best.paired
    const avg = n > 0 ? best.diff / n : 0
    const sd =
      n > 1 ? Math.sqrt(Math.max(0, (best.diff2 - n * avg * avg) / (n - 1))) : Number.POSITIVE_INFINITY
    const z = settings.confidence ?? 1
    if (n < (settings.minVisits ?? 4) || avg <= z * (sd / Math.sqrt(n))) best = prior
  }
  const pairs = new Map(candidates.map((c) => [c.command, c]))
  const stats = rootStats(search, legal).map((stat): RootStat => {
    const c = pairs.get(stat.command)
    return prior === undefined || c === undefined || c === prior
      ? stat
      : { ...stat, paired: { samples: c.paired, advantage: c.paired > 0 ? c.diff / c.paired : 0 } }
  })
  return { command: best.command, iterations, stats }
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
}

/**
 * Where playouts are cut by default, per game (`playoutDecisions`; a game not listed plays out to the end).
 * Manhattan's playouts are a hundred and more decisions of mostly dice: cut after 12 (about one round of
 * four turns) and ranked by the standings, a search at 1,000 iterations won 44 of 100 games against the
 * heuristic bots where full playouts won 35 %, and each iteration costs a sixth, so a second buys 16,000
 * iterations instead of 3,900 (the bot-sdk README has the measurements).
 */
export const DEFAULT_PLAYOUT_DECISIONS: Readonly<Record<string, number>> = { manhattan: 12 }

/** An IS-MCTS bot for any game with a `determinise` hook (all five games). */
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
      const turn = { seat: ctx.seat, view, legal, random: ctx.random }
      const prior = heuristic === undefined ? undefined : heuristic.choose(turn)
      // The heuristic's ratings, best first, when it rates its commands (only wanted when they are many).
      const rated = heuristic?.scores === undefined || legal.length <= 8 ? undefined : heuristic.scores(turn)
      const order =
        rated === undefined
          ? undefined
          : legal
              .map((command, i) => ({ command, worth: rated[i] ?? Number.NEGATIVE_INFINITY }))
              .sort((a, b) => b.worth - a.worth)
              .map((c) => c.command)
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
          rewards: options.rewards,
          root: options.root,
          confidence: options.confidence,
          playoutDecisions: options.playoutDecisions ?? DEFAULT_PLAYOUT_DECISIONS[game.id],
          order,
          cutScores: options.cutScores,
        },
      )
      options.onSearch?.(result)
      return result.command
    },
  })
}
