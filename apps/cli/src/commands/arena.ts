import { fork } from "node:child_process"
import { closeSync, existsSync, openSync, writeSync } from "node:fs"
import { availableParallelism } from "node:os"
import { resolve } from "node:path"
import { ordinal, type Rating, rate, rating } from "openskill"
import { plackettLuce } from "openskill/models"
import { CliError } from "../fail.js"
import { requireGame, requireSeats } from "../games.js"
import { progressBar } from "../progress.js"
import type { ArenaPlan, BotSpec, FromWorker, GameResult, ToWorker } from "./arenaPlay.js"

export interface ArenaOptions {
  readonly game: string
  readonly players: number
  readonly bots: string
  readonly games: number
  readonly seed: string
  /** Processes playing games side by side (default: one per core). */
  readonly jobs?: number | undefined
  /** Write every game's envelopes here, as NDJSON `boroughs verify` checks. */
  readonly out?: string | undefined
}

/** A 95 % Wilson interval for a win rate: how far the figure can be trusted at this many games. */
export const wilson = (wins: number, n: number): [number, number] => {
  if (n === 0) return [0, 0]
  const z = 1.96
  const p = wins / n
  const d = 1 + (z * z) / n
  const c = p + (z * z) / (2 * n)
  const m = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))
  return [Math.max(0, (c - m) / d), Math.min(1, (c + m) / d)]
}

const STDIO_PREFIX = "stdio:"

/** Whether a name is a module's path rather than a built-in's (those never hold `/` or end in `.js`). */
const isModulePath = (name: string): boolean => /[/\\]/.test(name) || /\.[cm]?js$/.test(name)

/**
 * The line-up `--bots` names, one entry per seat (a shorter list repeats its last entry), each checked now:
 * a built-in the game has, a module file that exists, a stdio command that names a program.
 */
export const parseLineUp = (names: string, seats: number): BotSpec[] => {
  const list = names
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
  if (list.length === 0) throw new CliError("--bots needs at least one bot")
  if (list.length > seats) throw new CliError(`--bots names ${list.length} bots for ${seats} players`)
  const specs = list.map((spec): BotSpec => {
    if (spec.startsWith(STDIO_PREFIX)) {
      const command = spec.slice(STDIO_PREFIX.length).trim().split(/\s+/).filter(Boolean)
      if (command.length === 0) throw new CliError(`${spec}: name the program after stdio:`)
      return { kind: "stdio", spec, command }
    }
    if (isModulePath(spec)) {
      if (!existsSync(resolve(spec))) throw new CliError(`no bot module at ${spec}`)
      return { kind: "module", spec }
    }
    const threads = /^ismcts(?::[^x]*)?x(\d+)$/.exec(spec)?.[1]
    // The arena already plays one game per core; helper threads would also need worker files the bundle lacks.
    if (threads !== undefined && Number(threads) > 1)
      throw new CliError(
        `${spec}: the arena gives each bot one thread (it plays a game per core: see --jobs)`,
      )
    return { kind: "builtin", spec }
  })
  return Array.from({ length: seats }, (_, p) => specs[Math.min(p, specs.length - 1)] as BotSpec)
}

/** Checks each built-in's name against the game now, not at its first decision in a worker. */
const checkBuiltins = async (game: string, lineUp: ReadonlyArray<BotSpec>) => {
  const { botByName } = await import("@boroughs/bot-sdk")
  for (const entry of lineUp)
    if (entry.kind === "builtin")
      try {
        botByName(entry.spec, game)
      } catch (error) {
        throw new CliError(`--bots: ${(error as Error).message}`)
      }
}

/** Plays every game in this process, in order. */
const playHere = async (plan: ArenaPlan, games: number, onResult: (r: GameResult) => void) => {
  const { makeBots, playGame, shownNames } = await import("./arenaPlay.js")
  const { bots, close } = await makeBots(plan)
  try {
    for (let n = 0; n < games; n++) onResult(await playGame(plan, bots, n))
    return shownNames(plan, bots)
  } finally {
    await close()
  }
}

/** Games a worker holds at once: the next one waits in its queue while it plays, so it never idles on the parent. */
const IN_FLIGHT = 2

/**
 * Plays the games in `jobs` forked processes of this same command (`arena-worker`), each handed the next game
 * index as it finishes one. Results come back in any order; the caller keys them by index.
 */
const playInWorkers = (
  plan: ArenaPlan,
  games: number,
  jobs: number,
  onResult: (r: GameResult) => void,
): Promise<string[]> =>
  new Promise((resolveNames, reject) => {
    let next = 0
    let finished = 0
    let exited = 0
    let names: string[] | null = null
    let failed = false
    const workers = Array.from({ length: jobs }, () =>
      // The worker's stdout goes to stderr: this process's stdout carries the results alone.
      fork(process.argv[1] as string, ["arena-worker"], { stdio: ["ignore", 2, 2, "ipc"] }),
    )
    const fail = (error: Error) => {
      if (failed) return
      failed = true
      for (const w of workers) w.kill()
      reject(error)
    }
    for (const worker of workers) {
      let inFlight = 0
      const send = (message: ToWorker) => worker.send(message)
      const handOut = () => {
        if (next < games) {
          send({ type: "play", n: next++ })
          inFlight++
        } else if (inFlight === 0) send({ type: "stop" })
      }
      worker.on("message", (message: FromWorker) => {
        if (failed) return
        if (message.type === "error") return fail(new CliError(`arena: ${message.message}`))
        if (message.type === "ready") {
          names ??= [...message.names]
          while (inFlight < IN_FLIGHT && next < games) handOut()
          if (inFlight === 0) send({ type: "stop" })
          return
        }
        inFlight--
        finished++
        onResult(message.result)
        handOut()
      })
      worker.on("error", fail)
      worker.on("exit", (code, signal) => {
        exited++
        if (failed) return
        if (finished < games && (code !== 0 || exited === workers.length))
          return fail(
            new CliError(`arena: a worker stopped (${signal ?? `code ${code}`}) before the games were done`),
          )
        if (exited === workers.length) resolveNames(names ?? plan.lineUp.map((e) => e.spec))
      })
      send({ type: "start", plan })
    }
  })

interface Totals {
  games: number
  wins: number
  sharedWins: number
  score: number
  rank: number
  decisions: number
  ms: number
  rating: Rating
}

/** One line-up position's results. */
export interface Standing {
  readonly bot: string
  readonly games: number
  /** Wins, a win shared by k seats counting 1/k. */
  readonly wins: number
  readonly sharedWins: number
  readonly winRate: number
  readonly winRate95: [number, number]
  readonly meanScore: number
  readonly meanRank: number
  /** Plackett–Luce (openskill) over the games in order; ordinal = mu − 3·sigma. */
  readonly rating: { readonly mu: number; readonly sigma: number; readonly ordinal: number }
  readonly decisions: number
  /** Decisions per second of the bot's own deciding time (null: it decided nothing). */
  readonly decisionsPerSecond: number | null
}

/**
 * Each line-up position's standing from the games, folded in game order (ratings depend on the order): the
 * same games give the same standings however many processes played them.
 */
export const standingsOf = (
  names: ReadonlyArray<string>,
  seats: number,
  results: ReadonlyArray<Pick<GameResult, "n" | "ranks" | "scores" | "thinking">>,
): Standing[] => {
  const totals: Totals[] = names.map(() => ({
    games: 0,
    wins: 0,
    sharedWins: 0,
    score: 0,
    rank: 0,
    decisions: 0,
    ms: 0,
    rating: rating(),
  }))
  for (const r of results) {
    const winners = r.ranks.filter((rank) => rank === 1).length
    // Seat s holds line-up position (s − n) mod seats.
    const positions = r.ranks.map((_, seat) => (seat - (r.n % seats) + seats) % seats)
    positions.forEach((p, seat) => {
      const t = totals[p] as Totals
      t.games++
      t.score += r.scores[seat] ?? 0
      t.rank += r.ranks[seat] ?? seats
      t.decisions += r.thinking[seat]?.decisions ?? 0
      t.ms += r.thinking[seat]?.ms ?? 0
      if (r.ranks[seat] === 1) {
        t.wins += 1 / winners
        if (winners > 1) t.sharedWins++
      }
    })
    const rated = rate(
      positions.map((p) => [(totals[p] as Totals).rating]),
      { rank: [...r.ranks], model: plackettLuce },
    )
    positions.forEach((p, seat) => {
      const next = rated[seat]?.[0]
      if (next) (totals[p] as Totals).rating = next
    })
  }
  return totals.map((t, p) => ({
    bot: names[p] as string,
    games: t.games,
    wins: Math.round(t.wins * 100) / 100,
    sharedWins: t.sharedWins,
    winRate: t.games === 0 ? 0 : t.wins / t.games,
    winRate95: wilson(t.wins, t.games),
    meanScore: t.games === 0 ? 0 : t.score / t.games,
    meanRank: t.games === 0 ? 0 : t.rank / t.games,
    rating: { mu: t.rating.mu, sigma: t.rating.sigma, ordinal: ordinal(t.rating) },
    decisions: t.decisions,
    decisionsPerSecond: t.decisions === 0 ? null : t.decisions / (Math.max(t.ms, 0.001) / 1000),
  }))
}

/**
 * Plays many games with the line-up rotating round the table (position p sits at seat (p + n) mod seats in
 * game n, seeded `${seed}/${n}`), so no bot keeps the advantage of one seat, on `jobs` processes; reports each
 * line-up position's results.
 */
export const arena = async (o: ArenaOptions) => {
  const g = requireGame(o.game)
  const seats = requireSeats(g, o.players)
  if (!(Number.isInteger(o.games) && o.games >= 1)) throw new CliError("--games must be at least 1")
  if (o.jobs !== undefined && !(Number.isInteger(o.jobs) && o.jobs >= 1))
    throw new CliError("--jobs must be at least 1")
  const lineUp = parseLineUp(o.bots, seats)
  await checkBuiltins(g.game.id, lineUp)
  const jobs = Math.min(o.jobs ?? availableParallelism(), o.games)
  const { sha256Hex } = await import("@boroughs/core")
  const plan: ArenaPlan = {
    game: g.game.id,
    seats,
    lineUp,
    seed: o.seed,
    exportPrefix:
      o.out === undefined
        ? null
        : `${g.game.id}-arena-${sha256Hex(JSON.stringify([g.game.id, seats, o.seed, lineUp.map((e) => e.spec)])).slice(0, 12)}`,
  }

  const results: GameResult[] = new Array(o.games)
  // Envelopes are written in game order as soon as every earlier game's are.
  const out = o.out === undefined ? null : openSync(o.out, "w")
  let nextToWrite = 0
  const bar = progressBar(`${g.game.id} arena`, o.games)
  const onResult = (r: GameResult) => {
    results[r.n] = r
    bar.increment()
    if (out === null) return
    for (let w = results[nextToWrite]; w !== undefined; w = results[nextToWrite]) {
      writeSync(out, w.ndjson ?? "")
      results[nextToWrite] = { ...w, ndjson: undefined }
      nextToWrite++
    }
  }
  const started = performance.now()
  let names: string[]
  try {
    names =
      jobs === 1
        ? await playHere(plan, o.games, onResult)
        : await playInWorkers(plan, o.games, jobs, onResult)
  } finally {
    bar.stop()
    if (out !== null) closeSync(out)
  }
  const seconds = (performance.now() - started) / 1000
  return {
    game: g.game.id,
    players: seats,
    games: o.games,
    seed: o.seed,
    jobs,
    seconds,
    playoutsPerSecond: o.games / seconds,
    standings: standingsOf(names, seats, results),
    ...(o.out === undefined ? {} : { out: o.out }),
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`

/** A rate in at most four figures. */
const rate4 = (x: number | null): string =>
  x === null ? "—" : x >= 10_000 ? `${(x / 1000).toFixed(0)}k` : x >= 100 ? x.toFixed(0) : x.toPrecision(3)

/** The arena's result as a table for a person. */
export const formatArena = (r: Awaited<ReturnType<typeof arena>>): string => {
  const width = Math.max(12, ...r.standings.map((s) => s.bot.length))
  const rows = r.standings.map(
    (s, i) =>
      `  ${String(i + 1).padStart(2)}  ${s.bot.padEnd(width)} ${String(s.games).padStart(6)}  ${pct(s.winRate).padStart(6)} (${pct(s.winRate95[0])}–${pct(s.winRate95[1])})`.padEnd(
        width + 41,
      ) +
      `${s.meanRank.toFixed(2).padStart(9)} ${s.meanScore.toFixed(1).padStart(10)}   ${s.rating.ordinal.toFixed(1).padStart(7)} (${s.rating.mu.toFixed(1)} ± ${s.rating.sigma.toFixed(2)})`.padEnd(
        52,
      ) +
      `${rate4(s.decisionsPerSecond).padStart(11)}`,
  )
  return [
    `${r.game}: ${r.games} games of ${r.players} players, seats rotating, in ${r.seconds.toFixed(1)} s on ${r.jobs} job${r.jobs === 1 ? "" : "s"} (${r.playoutsPerSecond.toFixed(1)} games/s)`,
    `   #  ${"bot".padEnd(width)}  games  wins (95% Wilson)`.padEnd(width + 41) +
      "mean rank mean score   openskill ordinal (mu ± σ)".padEnd(52) +
      "decisions/s",
    ...rows,
    ...(r.out === undefined ? [] : [`games written to ${r.out} (check them: boroughs verify ${r.out})`]),
  ].join("\n")
}
