import {
  type AnyGame,
  canonicalJson,
  findGame,
  type Match,
  advance as nextDraw,
  play,
  Random,
  type RngState,
  rngFromSeed,
  type Seat,
  sampledSecrets,
  start,
  type Typed,
  viewOf,
} from "@boroughs/core"
import { type State as DowntownState, downtown } from "@boroughs/core/games/downtown"
import { manhattan, heuristicBot as manhattanHeuristic } from "@boroughs/core/games/manhattan"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { playLocal } from "../local.js"
import {
  DEFAULT_PLAYOUT_DECISIONS,
  type HalvingHelpers,
  type HalvingSampler,
  type HelperSearch,
  helperSampler,
  helperSettingsOf,
  type IsMctsSettings,
  isMctsBot,
  isMctsSearch,
  isMctsSearchOnThreads,
  playoutOf,
  type SearchResult,
} from "./ismcts.js"
import { heuristicBot } from "./reference.js"

const mustStart = (game: AnyGame, seats: number, seed: string): Match => {
  const started = start(game, undefined, seats, seed)
  if (Result.isFailure(started)) throw new Error(started.failure.message)
  return started.success.match
}

/**
 * Plays random commands until seat 0 alone owes its secret dial while every other seat's dial is in: the
 * position where hidden information matters most (what did the others ask for?).
 */
const lastDialOfSeat0 = (seed: string): Match => {
  let match = mustStart(downtown, 4, seed)
  const random = Random.fromKey(seed)
  for (let i = 0; i < 5_000 && match.ended === null; i++) {
    const state = match.state as DowntownState
    const owing = downtown.pending(state).map((d) => d.seat)
    if (state.step.kind === "dials" && state.round >= 2 && owing.length === 1 && owing[0] === 0) return match
    const seat = (state.step.kind === "dials" ? owing.find((s) => s !== 0) : undefined) ?? (owing[0] as Seat)
    const played = play(match, seat, random.pick(downtown.legalCommands(state, seat)))
    if (Result.isFailure(played)) throw new Error(played.failure.message)
    match = played.success.match
  }
  throw new Error("no such position")
}

/** The same game with other hidden parts: the others' dials changed (each to another legal one) and another seed. */
const withOtherSecrets = (match: Match): Match => {
  const state = match.state as DowntownState
  const choices = state.choices.map((c, seat) => {
    if (seat === 0 || c === null) return c
    const legal = downtown
      .legalCommands({ ...state, choices: state.choices.map((x, s) => (s === seat ? null : x)) }, seat)
      .filter((x) => x.type === "ChooseZone")
    const other = legal.find((x) => x.zone !== c.value.zone) ?? legal[0]
    return other ? { ...c, value: { zone: other.zone, spaces: other.spaces } } : c
  })
  const seed = "a completely different seed"
  return { ...match, seed, state: { ...state, choices, seed, rng: { base: "f".repeat(64), draws: 7 } } }
}

describe("IS-MCTS searches from the bot's own view only", () => {
  it("two states that look the same to the seat give the same search, move for move", () => {
    const real = lastDialOfSeat0("hidden-1")
    const other = withOtherSecrets(real)
    // The states differ in what seat 0 cannot see...
    expect(canonicalJson((other.state as DowntownState).choices)).not.toBe(
      canonicalJson((real.state as DowntownState).choices),
    )
    // ...and not in what it can.
    const viewer = { kind: "seat", seat: 0 } as const
    const view = downtown.view(real.state as DowntownState, viewer)
    expect(canonicalJson(downtown.view(other.state as DowntownState, viewer))).toBe(canonicalJson(view))
    const search = (match: Match) =>
      isMctsSearch(
        downtown,
        downtown.view(match.state as DowntownState, viewer),
        0,
        downtown.legalCommands(match.state as DowntownState, 0),
        Random.fromKey("searcher"),
        { iterations: 150 },
      )
    const a = search(real)
    const b = search(other)
    expect(a.iterations).toBeLessThanOrEqual(150)
    expect(a.iterations).toBeGreaterThan(140)
    expect(canonicalJson(b)).toBe(canonicalJson(a))
  })

  it("every sample it plays through is made from the view it was given, never from anything else", () => {
    const real = lastDialOfSeat0("hidden-2")
    const view = downtown.view(real.state as DowntownState, { kind: "seat", seat: 0 })
    const given: unknown[] = []
    const determinise = downtown.determinise
    if (determinise === undefined) throw new Error("downtown has no determinise hook")
    const spied: AnyGame = {
      ...downtown,
      determinise: (v: unknown, random: Random) => {
        given.push(v)
        return determinise(v as typeof view, random)
      },
    }
    const legal = downtown.legalCommands(real.state as DowntownState, 0)
    const result = isMctsSearch(spied, view, 0, legal, Random.fromKey("spy"), { iterations: 60 })
    // One sample per iteration at a UCB root; at a halving root one sample serves every command it tries.
    const ucb = isMctsSearch(
      spied,
      view,
      0,
      legal,
      Random.fromKey("spy"),
      { iterations: 60 },
      { root: "ucb" },
    )
    expect(given.length).toBeGreaterThan(60)
    expect(given.every((v) => v === view)).toBe(true)
    expect(legal.map((c) => canonicalJson(c))).toContain(canonicalJson(ucb.command))
    // The view holds no secret to read: no seed, no PRNG, no other seat's dial.
    const json = canonicalJson(view)
    expect(json).not.toContain((real.state as DowntownState).seed)
    expect(json).not.toContain((real.state as DowntownState).rng.base)
    expect(legal.map((c) => canonicalJson(c))).toContain(canonicalJson(result.command))
  })

  it("refuses a game that offers no determinise hook rather than search the real state", () => {
    const { determinise: _, ...blind } = manhattan
    const match = mustStart(blind as AnyGame, 2, "blind")
    const view = blind.view(match.state as never, { kind: "seat", seat: 0 })
    const legal = blind.legalCommands(match.state as never, 0) as ReadonlyArray<Typed>
    expect(() =>
      isMctsSearch(blind as AnyGame, view, 0, [...legal, ...legal], Random.fromKey("x"), {}),
    ).toThrow(/no determinise hook/)
  })

  it("plays whole games of every game with the hook against the heuristic bots", async () => {
    const searches: number[] = []
    const bot = isMctsBot({ iterations: 12, onSearch: (r) => searches.push(r.iterations) })
    for (const game of ["downtown", "manhattan", "suburbia", "uptown"]) {
      const result = await playLocal({ game, bots: [bot, heuristicBot, heuristicBot], seed: `full-${game}` })
      expect(result.outcome.ranks).toHaveLength(3)
      expect(result.commands.filter((c) => c.seat === 0).every((c) => c.defaulted === null)).toBe(true)
    }
    expect(searches.length).toBeGreaterThan(10)
  })
})

/*
 * Long Shot, a toy game for the root's statistics: seat 0 names a target, one die is rolled, and seat 0 wins
 * when the die is at most the target's reach (seat 1 wins otherwise). With `reaches` all equal no command is
 * better than another.
 */
type LongShotCommand = { readonly type: "Aim"; readonly target: number }
type LongShotEvent =
  | { readonly type: "GameStarted"; readonly seed: string }
  | { readonly type: "Aimed"; readonly target: number }
  | { readonly type: "DieRolled"; readonly face: number }
interface LongShotState {
  readonly seed: string
  readonly rng: RngState
  readonly target: number | null
  readonly face: number | null
}
const longShot = (reaches: ReadonlyArray<number>): AnyGame => {
  const Any = Schema.Unknown as never
  return {
    id: "long-shot",
    title: "Long Shot",
    rulesVersion: 1,
    seats: { min: 2, max: 2 },
    schemas: { options: Schema.Struct({}), command: Any, event: Any, view: Any },
    defaultOptions: {},
    catalogue: () => ({}),
    validateSetup: () => null,
    setup: (started) => [started],
    initial: (started): LongShotState => ({
      seed: started.seed,
      rng: rngFromSeed(started.seed),
      target: null,
      face: null,
    }),
    decide: (_state: LongShotState, _seat: Seat, command: LongShotCommand) =>
      Result.succeed([{ type: "Aimed", target: command.target }]),
    evolve: (state: LongShotState, event: LongShotEvent): LongShotState =>
      event.type === "Aimed"
        ? { ...state, target: event.target }
        : event.type === "DieRolled"
          ? { ...state, face: event.face, rng: nextDraw(state.rng) }
          : state,
    advance: (state: LongShotState) =>
      state.target !== null && state.face === null
        ? [{ type: "DieRolled", face: Random.open(state.rng).die() }]
        : [],
    pending: (state: LongShotState) => (state.target === null ? [{ seat: 0, kind: "aim" }] : []),
    legalCommands: () => reaches.map((_, target) => ({ type: "Aim", target })),
    defaultCommand: () => ({ type: "Aim", target: 0 }),
    view: (state: LongShotState) => ({ target: state.target, face: state.face }),
    visibility: () => "all",
    outcome: (state: LongShotState) => {
      if (state.face === null || state.target === null) return null
      const won = state.face <= (reaches[state.target] as number)
      return { ranks: won ? [1, 2] : [2, 1], scores: won ? [1, 0] : [0, 1] }
    },
    determinise: (view: { target: number | null; face: number | null }, random: Random) => ({
      ...view,
      ...sampledSecrets(random),
    }),
  } as AnyGame
}

describe("the halving root (Sequential Halving with common random numbers)", () => {
  const searchLongShot = (reaches: ReadonlyArray<number>, prior: number, iterations: number, key: string) => {
    const game = longShot(reaches)
    const match = mustStart(game, 2, "long")
    const view = game.view(match.state, { kind: "seat", seat: 0 })
    const legal = game.legalCommands(match.state, 0) as ReadonlyArray<Typed>
    return isMctsSearch(
      game,
      view,
      0,
      legal,
      Random.fromKey(key),
      { iterations },
      {
        prior: legal[prior],
      },
    )
  }

  it("finds the best command and leaves the prior when it is clearly worse", () => {
    // Targets reach 1, 2, 5 and 3 pips: target 2 wins 5 rolls in 6.
    for (const key of ["a", "b", "c"]) {
      const result = searchLongShot([1, 2, 5, 3], 0, 400, key)
      expect(result.command).toEqual({ type: "Aim", target: 2 })
      expect(result.iterations).toBeLessThanOrEqual(400)
    }
  })

  it("pairs every command with the prior on every sample, in every round, wherever the means rank them", () => {
    // Target 2 outranks the prior (target 0) after the first round: it must still be paired with the prior.
    for (const key of ["a", "b", "c"]) {
      const result = searchLongShot([1, 2, 5, 3], 0, 400, key)
      const best = result.stats.find((s) => canonicalJson(s.command) === '{"target":2,"type":"Aim"}')
      expect(best?.visits).toBeGreaterThan(100)
      expect(best?.paired?.samples).toBe(best?.visits)
      expect(best?.paired?.advantage).toBeGreaterThan(0)
      const prior = result.stats.find((s) => canonicalJson(s.command) === '{"target":0,"type":"Aim"}')
      expect(prior?.paired).toBeUndefined()
    }
  })

  it("keeps the prior when no command is better, however the luck of the samples falls", () => {
    let kept = 0
    for (let i = 0; i < 20; i++)
      if (
        canonicalJson(searchLongShot([3, 3, 3, 3, 3], 1, 200, `equal-${i}`).command) ===
        '{"target":1,"type":"Aim"}'
      )
        kept++
    // At one standard error a random winner beats the prior about one time in six; it never should often.
    expect(kept).toBeGreaterThanOrEqual(14)
  })

  it("plays the prior when the budget is too small to try every command", () => {
    const result = searchLongShot([1, 2, 5, 3, 4, 6, 1, 2], 3, 3, "thin")
    expect(result.command).toEqual({ type: "Aim", target: 3 })
    expect(result.iterations).toBeLessThanOrEqual(3)
  })

  it("with more commands than the budget can try, tries the best-rated ones (the heuristic's order)", () => {
    // Thirty targets, one good one (index 20): 40 iterations can try four commands four times a round.
    const reaches = Array.from({ length: 30 }, (_, i) => (i === 20 ? 5 : 1))
    const game = longShot(reaches)
    const match = mustStart(game, 2, "long")
    const view = game.view(match.state, { kind: "seat", seat: 0 })
    const legal = game.legalCommands(match.state, 0) as ReadonlyArray<Typed>
    const search = (order: ReadonlyArray<Typed> | undefined) =>
      isMctsSearch(
        game,
        view,
        0,
        legal,
        Random.fromKey("rated"),
        { iterations: 40 },
        {
          prior: legal[0],
          order,
        },
      )
    const good = legal[20] as Typed
    const rated = search([legal[0] as Typed, good, ...legal.filter((_, i) => i !== 0 && i !== 20)])
    expect(rated.command).toEqual(good)
    const blind = search(undefined)
    expect(blind.stats.filter((x) => x.visits > 0)).toHaveLength(4)
    expect(blind.iterations).toBeLessThanOrEqual(40)
  })

  it("tries every command on the same samples: a command's luck is its rivals' luck too", () => {
    // Equal reaches and common random numbers: every command sees the same dice, so every mean is equal.
    const result = searchLongShot([3, 3, 3, 3], 0, 64, "paired")
    // Commands tried as often were tried on the same samples: one mean per number of visits.
    const byVisits = new Map<number, Set<number>>()
    for (const { visits, mean } of result.stats)
      byVisits.set(visits, (byVisits.get(visits) ?? new Set()).add(mean))
    expect([...byVisits.values()].every((means) => means.size === 1)).toBe(true)
    expect(new Set(result.stats.map((s) => s.mean)).size).toBeGreaterThan(1) // the dice did vary
  })
})

describe("isMctsSearch and isMctsBot share their defaults", () => {
  /** A position some heuristic commands into a game where the seat to move has a real choice. */
  const positionIn = (game: AnyGame, after: number) => {
    const heuristic = findGame(game.id)?.bots.heuristic
    if (heuristic === undefined) throw new Error(`${game.id} has no heuristic bot`)
    let match = mustStart(game, 4, "defaults")
    const random = Random.fromKey("defaults")
    for (let n = 0; ; n++) {
      const seat = (game.pending(match.state)[0] as { seat: Seat }).seat
      const view = viewOf(match, { kind: "seat", seat })
      const legal = game.legalCommands(match.state, seat) as ReadonlyArray<Typed>
      if (n >= after && legal.length > 2) return { seat, view, legal }
      const played = play(match, seat, heuristic.choose({ seat, view, legal, random }))
      if (Result.isFailure(played)) throw new Error(played.failure.message)
      match = played.success.match
    }
  }

  for (const game of [downtown, manhattan] as AnyGame[])
    it(`${game.id}: the bare search with no settings chooses as the bot with no options, visit for visit`, async () => {
      const { seat, view, legal } = positionIn(game, 12)
      const searches: SearchResult[] = []
      const bot = isMctsBot({ iterations: 120, onSearch: (r) => searches.push(r) })
      const abort = new AbortController()
      const chosen = await bot.decide(view, legal, {
        game: game.id,
        gameId: "g",
        seat,
        version: 1,
        kind: "move",
        random: Random.fromKey("same"),
        deadline: null,
        signal: abort.signal,
      })
      const bare = isMctsSearch(game, view, seat, legal, Random.fromKey("same"), { iterations: 120 })
      expect(bare.command).toEqual(chosen)
      expect(canonicalJson(bare.stats)).toBe(canonicalJson(searches[0]?.stats))
    })
})

describe("cut playouts (`playoutDecisions`)", () => {
  type ManhattanState = Parameters<typeof manhattan.pending>[0]
  /** A position some way in, where buildings stand and the standings differ between seats. */
  const midGame = () => {
    let match = mustStart(manhattan, 4, "cut")
    const random = Random.fromKey("cut-opening")
    for (let i = 0; i < 60; i++) {
      const state = match.state as ManhattanState
      const seat = manhattan.pending(state)[0]?.seat as Seat
      const played = play(match, seat, random.pick(manhattan.legalCommands(state, seat)))
      if (Result.isFailure(played)) throw new Error(played.failure.message)
      match = played.success.match
    }
    const state = match.state as ManhattanState
    const seat = manhattan.pending(state)[0]?.seat as Seat
    const view = manhattan.view(state, { kind: "seat", seat })
    return { seat, view, legal: manhattan.legalCommands(state, seat) as ReadonlyArray<Typed> }
  }
  const search = (
    playoutDecisions: number | undefined,
    cutScores?: "prospects" | "standings",
    more: Pick<IsMctsSettings, "playoutRounds" | "flat"> = {},
  ) => {
    const { seat, view, legal } = midGame()
    let decisions = 0
    /** Each playout's movers, one entry per turn (a run of one seat's decisions). */
    const turns: Seat[][] = []
    /** The last playout decision's position and choice: played on, the position the playout was cut at. */
    let last: { match: Match; seat: Seat; command: Typed } | undefined
    const cutAt: ManhattanState[] = []
    const ended: { reason: string; ranks: ReadonlyArray<number>; scores: ReadonlyArray<number> }[] = []
    const result = isMctsSearch(
      manhattan,
      view,
      seat,
      legal,
      Random.fromKey("cut"),
      { iterations: 60 },
      {
        playout: (match, mover, options, random) => {
          decisions++
          const playout = turns.at(-1)
          if (last === undefined || playout === undefined) turns.push([mover])
          else if (playout.at(-1) !== mover) playout.push(mover)
          const command = random.pick(options)
          last = { match, seat: mover, command }
          return command
        },
        rewards: (e) => {
          const played = last === undefined ? undefined : play(last.match, last.seat, last.command)
          if (played !== undefined && Result.isSuccess(played))
            cutAt.push(played.success.match.state as ManhattanState)
          ended.push(e)
          last = undefined
          return e.ranks.map((r) => (r === 1 ? 1 : 0))
        },
        playoutDecisions,
        cutScores,
        ...more,
      },
    )
    return { seat, result, decisions, ended, cutAt, turns }
  }

  it("stops each playout after that many decisions and ranks the position by the game's standings", () => {
    const cut = search(5)
    expect(cut.result.iterations).toBe(60)
    expect(cut.decisions).toBeLessThanOrEqual(5 * 60)
    expect(cut.ended).toHaveLength(60)
    for (const e of cut.ended) {
      // Scored where it stands: no game ends within five decisions of this position.
      expect(e.reason).toBe("adjudicated")
      const byScore = e.scores.map((score) => 1 + e.scores.filter((other) => other > score).length)
      expect(e.ranks).toEqual(byScore)
    }
    // The standings were read, not made up: seats stand apart (height × 100 + blocks once they build).
    expect(cut.ended.some((e) => new Set(e.scores).size > 1)).toBe(true)
  })

  it("with cutScores: prospects, ranks a cut position by the game's prospects, read from the searcher's view", () => {
    const cut = search(5, "prospects")
    expect(cut.ended).toHaveLength(60)
    expect(cut.cutAt).toHaveLength(60)
    cut.ended.forEach((e, i) => {
      const state = cut.cutAt[i] as ManhattanState
      const prospects = manhattan.prospects?.(manhattan.view(state, { kind: "seat", seat: cut.seat }))
      expect(e.scores).toEqual(prospects)
      const byScore = e.scores.map((score) => 1 + e.scores.filter((other) => other > score).length)
      expect(e.ranks).toEqual(byScore)
    })
    // Prospects are not the bare standings: the next roll's expected value is in them (in 36ths).
    expect(cut.ended.some((e) => e.scores.some((score) => !Number.isInteger(score)))).toBe(true)
    // The bare standings are whole numbers (height × 100 + blocks).
    expect(search(5).ended.every((e) => e.scores.every(Number.isInteger))).toBe(true)
  })

  it("with playoutRounds: 1, cuts after the searcher's next turn: every rival has had one turn since the root's", () => {
    const cut = search(Number.POSITIVE_INFINITY, undefined, { playoutRounds: 1, flat: true })
    expect(cut.ended).toHaveLength(60)
    expect(cut.ended.every((e) => e.reason === "adjudicated")).toBe(true)
    const others = [1, 2, 3].map((d) => (cut.seat + d) % 4)
    expect(cut.turns).toHaveLength(60)
    for (const turns of cut.turns) {
      // Flat: the root command is the searcher's; the rest of its turn, each rival's, then its next turn are
      // the playout's.
      expect(turns.filter((s) => s !== cut.seat)).toEqual(others)
      expect(turns.at(-1)).toBe(cut.seat)
    }
    // …and the position scored is the next rival's first decision.
    for (const state of cut.cutAt) expect(manhattan.pending(state)[0]?.seat).toBe(others[0])
  })

  it("playoutRounds: 2 plays two rounds of turns before the cut", () => {
    const cut = search(Number.POSITIVE_INFINITY, undefined, { playoutRounds: 2, flat: true })
    const others = [1, 2, 3].map((d) => (cut.seat + d) % 4)
    for (const turns of cut.turns) {
      expect(turns.filter((s) => s !== cut.seat)).toEqual([...others, ...others])
      expect(turns.at(-1)).toBe(cut.seat)
    }
  })

  it("with playoutDecisions: Infinity, every playout runs to the end of the game", () => {
    const full = search(Number.POSITIVE_INFINITY)
    expect(full.ended.every((e) => e.reason === "rules")).toBe(true)
    expect(full.decisions).toBeGreaterThan(100 * 60)
  })

  it("by default, cuts where DEFAULT_PLAYOUT_DECISIONS says, as isMctsBot does", () => {
    const cut = search(undefined)
    expect(cut.ended.every((e) => e.reason === "adjudicated")).toBe(true)
    expect(cut.decisions).toBeLessThanOrEqual((DEFAULT_PLAYOUT_DECISIONS.manhattan as number) * 60)
  })
})

describe("a search on several threads (root parallelisation)", () => {
  /** Helpers on this thread: the same samplers a worker thread runs, fed what a worker is sent (cloned). */
  const inProcessHelpers = (count: number) => {
    const plans: HelperSearch[] = []
    const samplers: HalvingSampler[] = []
    const helpers: HalvingHelpers = {
      count,
      start: (h, plan) => {
        const copy = structuredClone(plan)
        plans[h] = copy
        samplers[h] = helperSampler(copy)
      },
      round: async (h, alive, iterations, timeEnd) => {
        const sampler = samplers[h] as HalvingSampler
        sampler.round([...alive], sampler.iterations + iterations, timeEnd)
        return structuredClone(sampler.totals())
      },
    }
    return { helpers, plans, samplers }
  }

  /** A Manhattan position where seat 0 moves its pawns, after some rounds of heuristic play. */
  const manhattanMove = (): Match => {
    let match = mustStart(manhattan, 4, "threads")
    const random = Random.fromKey("threads")
    for (let i = 0; i < 2_000; i++) {
      const seat = manhattan.pending(match.state as never)[0]?.seat as Seat
      const legal = manhattan.legalCommands(match.state as never, seat) as ReadonlyArray<Typed>
      if (i > 60 && seat === 0 && legal.length > 4 && legal[0]?.type === "MovePawns") return match
      const view = manhattan.view(match.state as never, { kind: "seat", seat })
      const played = play(
        match,
        seat,
        manhattanHeuristic.choose({ seat, view, legal: legal as never, random }),
      )
      if (Result.isFailure(played)) throw new Error(played.failure.message)
      match = played.success.match
    }
    throw new Error("no such position")
  }

  const settings = { playout: playoutOf("manhattan", 0.1), playoutDecisions: 12 }
  const helperSettings = helperSettingsOf(manhattan)

  it("shares an iteration budget between the threads and pools their sums into one search, reproducibly", async () => {
    const match = manhattanMove()
    const view = manhattan.view(match.state as never, { kind: "seat", seat: 0 })
    const legal = manhattan.legalCommands(match.state as never, 0) as ReadonlyArray<Typed>
    const prior = legal[0] as Typed
    const search = async () => {
      const { helpers, plans, samplers } = inProcessHelpers(2)
      const result = await isMctsSearchOnThreads(
        manhattan as AnyGame,
        view,
        0,
        legal,
        Random.fromKey("pool"),
        { iterations: 900 },
        { ...settings, prior },
        helpers,
        helperSettings,
      )
      return { result, plans, samplers }
    }
    const { result, plans, samplers } = await search()
    expect(result.iterations).toBe(900)
    expect(result.stats.reduce((n, s) => n + s.visits, 0)).toBe(900)
    // Each of the three threads ran about a third: the budget is split round by round.
    for (const sampler of samplers) expect(Math.abs(sampler.iterations - 300)).toBeLessThanOrEqual(4)
    // The prior is paired with every other command on every thread's samples.
    const tried = result.stats.filter((s) => s.paired !== undefined && s.paired.samples > 0)
    expect(tried.length).toBeGreaterThan(0)
    // The same seed, the same search: command and every statistic.
    const again = await search()
    expect(canonicalJson(again.result)).toBe(canonicalJson(result))
    // Helpers are sent the seat's view and nothing else of the state: not its seed, not its dice.
    const state = match.state as { seed: string; rng: RngState }
    expect(new Set(plans.map((p) => p.seed)).size).toBe(2)
    for (const plan of plans) {
      expect(plan.view).toEqual(view)
      expect(JSON.stringify(plan)).not.toContain(state.rng.base)
      expect(JSON.stringify(plan)).not.toContain(state.seed)
    }
  })

  it("with no helper, is the one-thread search exactly", async () => {
    const match = manhattanMove()
    const view = manhattan.view(match.state as never, { kind: "seat", seat: 0 })
    const legal = manhattan.legalCommands(match.state as never, 0) as ReadonlyArray<Typed>
    const alone = isMctsSearch(
      manhattan as AnyGame,
      view,
      0,
      legal,
      Random.fromKey("one"),
      { iterations: 300 },
      settings,
    )
    const pooled = await isMctsSearchOnThreads(
      manhattan as AnyGame,
      view,
      0,
      legal,
      Random.fromKey("one"),
      { iterations: 300 },
      settings,
      inProcessHelpers(0).helpers,
      helperSettings,
    )
    expect(canonicalJson(pooled)).toBe(canonicalJson(alone))
  })
})
