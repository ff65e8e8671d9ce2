import { Result } from "effect"
import type { Bot } from "../kernel/bot.js"
import { canonicalJson, sha256Hex } from "../kernel/canonical.js"
import type { AnyGame, GameEnded, GameStarted, Seat, Typed } from "../kernel/game.js"
import { isOrganiserEvent } from "../kernel/organiser.js"
import { Random } from "../kernel/random.js"
import { afterCommand, heuristicPolicy, playOut, type RolloutPolicy, winShares } from "./rollout.js"

/**
 * What an analysis spends and how it judges. Stored analyses are keyed by these settings (`analysisKey`):
 * new settings make a new analysis rather than quietly mixing two.
 */
export interface AnalysisSettings {
  /** Rollouts from every position: the estimate's noise shrinks as 1/√rollouts. */
  readonly rollouts: number
  /**
   * The budget: rollouts from positions in one game at most. A long game gets fewer per position (never
   * under `minimumRollouts`), so analysing it costs about what a short one does.
   */
  readonly maxRollouts: number
  readonly minimumRollouts: number
  /** Share of uniform choices in the rollouts' heuristic play. */
  readonly epsilon: number
  /** Decisions per seat whose drop is examined for a better move (the largest drops first). */
  readonly suspectsPerSeat: number
  /** A drop smaller than this (a share of the win, 0..1) is never examined. */
  readonly minimumDrop: number
  /** Commands tried at an examined decision: the played one and the heuristic's best-rated others. */
  readonly candidates: number
  /** Rollouts per candidate command at an examined decision (the same random streams for each). */
  readonly candidateRollouts: number
  /** A decision is a mistake when the search's preferred command keeps at least this much more. */
  readonly mistakeMargin: number
}

export const defaultAnalysisSettings: AnalysisSettings = {
  rollouts: 128,
  maxRollouts: 32_000,
  minimumRollouts: 24,
  epsilon: 0,
  suspectsPerSeat: 3,
  minimumDrop: 0.05,
  candidates: 6,
  candidateRollouts: 96,
  mistakeMargin: 0.08,
}

/**
 * The default settings with `rollouts` per position and the whole budget scaled to match (the candidates'
 * rollouts and the per-game cap): what the server's `BOROUGHS_ANALYSIS_ROLLOUTS` and the CLI's `--rollouts`
 * both mean, so the same number gives the same key wherever it is asked for.
 */
export const analysisSettingsWithRollouts = (rollouts: number): AnalysisSettings => {
  if (!Number.isInteger(rollouts) || rollouts < 1)
    throw new RangeError(`rollouts per position must be a whole number of at least 1, not ${rollouts}`)
  const d = defaultAnalysisSettings
  if (rollouts === d.rollouts) return d
  const scale = rollouts / d.rollouts
  return {
    ...d,
    rollouts,
    maxRollouts: Math.max(rollouts, Math.round(d.maxRollouts * scale)),
    minimumRollouts: Math.min(d.minimumRollouts, rollouts),
    candidateRollouts: Math.max(1, Math.round(d.candidateRollouts * scale)),
  }
}

/** Where the analysis algorithm stands: bumped when the same settings would give other figures. */
export const ANALYSIS_VERSION = 2

/** A short stable key of the algorithm's version and its settings: `a1-<12 hex digits>`. */
export const analysisKey = (settings: AnalysisSettings): string =>
  `a${ANALYSIS_VERSION}-${sha256Hex(canonicalJson({ version: ANALYSIS_VERSION, ...settings })).slice(0, 12)}`

/** Each seat's chances at one position: after `version` events of the stream. */
export interface PositionChances {
  readonly version: number
  /** Each seat's estimated share of the win (ties split), 0..1. */
  readonly win: ReadonlyArray<number>
  /** Each seat's expected rank (1 is best). */
  readonly rank: ReadonlyArray<number>
}

/** One command a seat chose, with its chance of winning before it and right after it (before any draw). */
export interface JudgedDecision {
  readonly seat: Seat
  /** The position the seat decided in (events before the command). */
  readonly before: number
  /** The position right after the command's own events. */
  readonly after: number
  readonly command: Typed
  readonly chanceBefore: number
  readonly chanceAfter: number
}

/** A decision whose command the search beat by at least the margin. */
export interface Mistake extends JudgedDecision {
  /** The played command's chance, estimated with the candidates' rollouts (comparable to `better`'s). */
  readonly played: number
  /** The command the search preferred and the chance it would have kept. */
  readonly better: { readonly command: Typed; readonly chance: number }
}

export interface GameAnalysis {
  readonly game: string
  readonly key: string
  readonly settings: AnalysisSettings
  readonly seats: number
  readonly positions: ReadonlyArray<PositionChances>
  readonly decisions: ReadonlyArray<JudgedDecision>
  readonly mistakes: ReadonlyArray<Mistake>
  /** Rollouts played in all. */
  readonly rollouts: number
  /** Rollouts from each position (the settings' `rollouts`, fewer in a game too long for the budget). */
  readonly perPosition: number
}

/** One stored event as analysis reads it (an `EventEnvelope` is one). */
export interface LoggedEvent {
  readonly version: number
  readonly type: string
  readonly data: Readonly<Record<string, unknown>>
  readonly metadata: Readonly<Record<string, unknown>>
}

/** A position to judge: the state after `version` events. */
export interface Position {
  readonly version: number
  readonly state: unknown
}

/** A command a seat played, with the positions before it and right after its own events. */
export interface Decided {
  readonly seat: Seat
  readonly command: Typed
  readonly before: Position
  readonly after: Position
}

const eventOf = (e: LoggedEvent): Typed => ({ ...e.data, type: e.type })

/**
 * Walks a finished game's log into the positions to judge: the state before every command, and right after
 * the command's own events when the rules then draw or reveal (so a move is judged apart from the luck after
 * it). Commands are read from each append's metadata; `decide` says how many events are the command's own.
 */
export const analysisPositions = (game: AnyGame, log: ReadonlyArray<LoggedEvent>) => {
  const first = log[0]
  if (first === undefined || first.type !== "GameStarted")
    throw new Error("analysis: the log must start with GameStarted")
  let state = game.initial(eventOf(first) as GameStarted)
  let ended: GameEnded | null = null
  const positions = new Map<number, Position>()
  const decided: Decided[] = []
  const fold = (e: LoggedEvent) => {
    const event = eventOf(e)
    if (event.type === "GameEnded") ended = event as GameEnded
    else if (!isOrganiserEvent(event)) state = game.evolve(state, event)
  }
  let i = 1
  while (i < log.length) {
    const head = log[i] as LoggedEvent
    let end = i + 1
    while (end < log.length && (log[end] as LoggedEvent).metadata.commandId === head.metadata.commandId) end++
    const { seat, command } = head.metadata
    if (ended === null && typeof seat === "number" && typeof command === "object" && command !== null) {
      const before: Position = { version: head.version - 1, state }
      positions.set(before.version, before)
      const own = game.decide(state, seat, command as Typed)
      const count = Result.isSuccess(own) ? own.success.length : 0
      for (let k = 0; k < count && i + k < end; k++) fold(log[i + k] as LoggedEvent)
      const after: Position = { version: head.version - 1 + count, state }
      if (count > 0) {
        const rest = log.slice(i + count, end).some((e) => e.type !== "GameEnded")
        if (rest) positions.set(after.version, after)
        decided.push({ seat, command: command as Typed, before, after })
      }
      for (let k = i + count; k < end; k++) fold(log[k] as LoggedEvent)
    } else for (let k = i; k < end; k++) fold(log[k] as LoggedEvent)
    i = end
  }
  if (ended === null) throw new Error("analysis: the game has not ended (live games are never analysed)")
  const last = log[log.length - 1] as LoggedEvent
  return { positions, decided, ended: ended as GameEnded, finalVersion: last.version }
}

/**
 * Each seat's chance of winning at every position of a finished game, and its mistakes: the decisions after
 * which its chance dropped most, where trying the heuristic's best-rated alternatives (with the same random
 * streams) found a command that keeps at least `mistakeMargin` more. The whole state is public once a game has
 * ended, so rollouts start from the true position with only the future's chance (`reseed`) resampled.
 * Deterministic: the same log and settings give the same analysis. `onProgress` hears steps done of the
 * total: one per position, then `suspectsPerSeat` per seat for the mistake search.
 */
export const analyseGame = (
  game: AnyGame,
  bots: Readonly<Record<string, Bot>> | undefined,
  log: ReadonlyArray<LoggedEvent>,
  settings: AnalysisSettings = defaultAnalysisSettings,
  onProgress?: (done: number, total: number) => void,
): GameAnalysis => {
  const key = analysisKey(settings)
  const bot = bots?.heuristic
  const estimator = rolloutEstimator(game, bots, settings)
  const { positions, decided, ended, finalVersion } = analysisPositions(game, log)
  const seats = ended.ranks.length
  let rollouts = 0
  const estimate = (...args: Parameters<typeof estimator>) => {
    rollouts += args[1]
    return estimator(...args)
  }

  const ordered = [...positions.values()].sort((a, b) => a.version - b.version)
  const perPosition = rolloutsPerPosition(settings, ordered.length)
  const steps = ordered.length + seats * settings.suspectsPerSeat
  const chances: PositionChances[] = []
  const byVersion = new Map<number, PositionChances>()
  ordered.forEach((p, index) => {
    // The same streams at every position: neighbouring positions share their luck, so the graph moves with
    // the game rather than with the dice.
    const { win, rank } = estimate(p.state, perPosition, "position")
    const chance: PositionChances = { version: p.version, win: win.map(round4), rank: rank.map(round4) }
    chances.push(chance)
    byVersion.set(p.version, chance)
    onProgress?.(index + 1, steps)
  })
  const final: PositionChances = {
    version: finalVersion,
    win: winShares(ended.ranks),
    rank: [...ended.ranks],
  }
  chances.push(final)
  byVersion.set(finalVersion, final)
  /** The chances at a position, or at the next judged one (a command's last events may end the game). */
  const at = (version: number): PositionChances =>
    byVersion.get(version) ?? chances.find((c) => c.version >= version) ?? final

  const decisions: JudgedDecision[] = decided.map((d) => ({
    seat: d.seat,
    before: d.before.version,
    after: d.after.version,
    command: d.command,
    chanceBefore: at(d.before.version).win[d.seat] as number,
    chanceAfter: at(d.after.version).win[d.seat] as number,
  }))

  const mistakes: Mistake[] = []
  for (let seat = 0; seat < seats; seat++) {
    const suspects = decisions
      .map((d, index) => ({ d, index }))
      .filter(({ d }) => d.seat === seat && d.chanceBefore - d.chanceAfter >= settings.minimumDrop)
      .sort((a, b) => b.d.chanceBefore - b.d.chanceAfter - (a.d.chanceBefore - a.d.chanceAfter))
      .slice(0, settings.suspectsPerSeat)
    for (const { d, index } of suspects) {
      const state = (decided[index] as Decided).before.state
      const tried = candidatesAt(game, bot, state, seat, d.command, settings.candidates)
      if (tried.length < 2) continue
      const results = tried.map((command) => ({
        command,
        chance: estimate(state, settings.candidateRollouts, `candidates/${d.before}`, { seat, command }).win[
          seat
        ] as number,
      }))
      const played = results[0] as { command: Typed; chance: number }
      const best = results.reduce((a, b) => (b.chance > a.chance ? b : a))
      if (best.chance - played.chance >= settings.mistakeMargin)
        mistakes.push({
          ...d,
          played: round4(played.chance),
          better: { command: best.command, chance: round4(best.chance) },
        })
    }
    onProgress?.(ordered.length + (seat + 1) * settings.suspectsPerSeat, steps)
  }
  mistakes.sort((a, b) => a.before - b.before || a.seat - b.seat)
  return {
    game: game.id,
    key,
    settings,
    seats,
    positions: chances,
    decisions,
    mistakes,
    rollouts,
    perPosition,
  }
}

/** Rollouts from each of `positions` positions under the settings' budget. */
export const rolloutsPerPosition = (settings: AnalysisSettings, positions: number): number =>
  Math.max(
    settings.minimumRollouts,
    Math.min(settings.rollouts, Math.floor(settings.maxRollouts / Math.max(1, positions))),
  )

/**
 * Each seat's mean share of the win and mean rank over `n` rollouts from a state: the game's heuristic bot
 * (with the settings' share of uniform choices) plays every seat, each rollout on the random stream
 * `<key>/<stream>/<r>` that both reseeds the future's chance and drives the players, so an estimate is
 * reproducible and two estimates on the same stream share their luck. With `first`, each rollout starts by
 * that seat playing that command (a candidate at an examined decision).
 */
export const rolloutEstimator = (
  game: AnyGame,
  bots: Readonly<Record<string, Bot>> | undefined,
  settings: AnalysisSettings,
) => {
  const reseed = game.reseed
  if (reseed === undefined) throw new Error(`analysis: ${game.id} has no reseed hook`)
  const key = analysisKey(settings)
  const policy: RolloutPolicy = heuristicPolicy(bots?.heuristic, settings.epsilon)
  return (
    state: unknown,
    n: number,
    stream: string,
    first?: { readonly seat: Seat; readonly command: Typed },
  ): { win: number[]; rank: number[] } => {
    let win: number[] = []
    let rank: number[] = []
    for (let r = 0; r < n; r++) {
      const random = Random.fromKey(`${key}/${stream}/${r}`)
      // A command tried in the rollout is decided after the reseed: whatever it draws is a fresh draw too.
      const fresh = reseed(state, random)
      const start = first === undefined ? fresh : afterCommand(game, fresh, first.seat, first.command)
      const result = playOut(game, start, policy, random)
      if (r === 0) {
        win = new Array<number>(result.ranks.length).fill(0)
        rank = new Array<number>(result.ranks.length).fill(0)
      }
      const shares = winShares(result.ranks)
      for (let s = 0; s < shares.length; s++) {
        win[s] = (win[s] as number) + (shares[s] as number)
        rank[s] = (rank[s] as number) + (result.ranks[s] as number)
      }
    }
    return { win: win.map((w) => w / n), rank: rank.map((x) => x / n) }
  }
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000

/**
 * The commands tried at an examined decision: the played one first, then the others the heuristic rates best
 * (or the first ones in the rules' order for a game without ratings), `limit` in all.
 */
const candidatesAt = (
  game: AnyGame,
  bot: Bot | undefined,
  state: unknown,
  seat: Seat,
  played: Typed,
  limit: number,
): Typed[] => {
  const legal = game.legalCommands(state, seat) as ReadonlyArray<Typed>
  const playedKey = canonicalJson(played)
  const others = legal.filter((c) => canonicalJson(c) !== playedKey)
  let ranked = others
  if (bot?.scores !== undefined) {
    const scores = bot.scores({
      seat,
      view: game.view(state, { kind: "seat", seat }),
      legal,
      random: Random.fromKey(`candidates/${playedKey}`),
    })
    const scoreOf = new Map(legal.map((c, i) => [canonicalJson(c), scores[i] ?? 0]))
    ranked = [...others].sort(
      (a, b) => (scoreOf.get(canonicalJson(b)) ?? 0) - (scoreOf.get(canonicalJson(a)) ?? 0),
    )
  }
  return [played, ...ranked.slice(0, Math.max(0, limit - 1))]
}
