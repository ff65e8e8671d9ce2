import { type ChildProcess, fork, spawn } from "node:child_process"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { type AnyGame, apply, type Match, start, toEvent } from "@boroughs/core"
import { Result } from "effect"
import { ORGANISER } from "../src/testing.js"

const here = dirname(fileURLToPath(import.meta.url))

/** A benchmark process (a script of this folder) and the times it reports: `commit` and `fanout` per `stream@version`. */
const startBenchProcess = (script: string, env: Record<string, string>) =>
  new Promise<{
    base: string
    child: ChildProcess
    commits: Map<string, number>
    fanouts: Map<string, number>
    idleRssBytes: number
  }>((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", resolve(here, script)], {
      cwd: resolve(here, ".."),
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env },
    })
    const commits = new Map<string, number>()
    const fanouts = new Map<string, number>()
    let idleRssBytes = 0
    let carry = ""
    child.stdout?.on("data", (chunk: Buffer) => {
      const text = carry + chunk.toString()
      const lines = text.split("\n")
      carry = lines.pop() ?? ""
      for (const line of lines) {
        const commit = /^commit (\S+) (\d+) ([\d.]+)$/.exec(line)
        if (commit) commits.set(`${commit[1]}@${commit[2]}`, Number(commit[3]))
        const fanout = /^fanout (\S+) (\d+) ([\d.]+)$/.exec(line)
        if (fanout) fanouts.set(`${fanout[1]}@${fanout[2]}`, Number(fanout[3]))
        const idle = /^idle (.*)$/.exec(line)
        if (idle) idleRssBytes = JSON.parse(idle[1] as string).rss
        const listening = /^listening (http:\/\/\S+)/.exec(line)
        if (listening) done({ base: listening[1] as string, child, commits, fanouts, idleRssBytes })
      }
    })
    child.on("exit", (code) => fail(new Error(`${script} exited (${code})`)))
  })

/** The server under benchmark in its own process, and the commit times it reports per `stream@version`. */
export const startServerProcess = (databaseUrl?: string) =>
  startBenchProcess("serverProcess.ts", { BENCH_DATABASE_URL: databaseUrl ?? "" })

/** The floor: a bare node:http broadcaster (bareProcess.ts); its `commit` is when a broadcast arrived. */
export const startBareProcess = () => startBenchProcess("bareProcess.ts", {})

/** SSE spectators spread over worker processes, so the clients' own work does not queue behind one loop. */
export class Spectators {
  private readonly workers: ChildProcess[] = []
  private readonly waiting = new Map<string, { times: number[]; left: number; done: () => void }>()
  private readonly opened = new Map<string, { left: number; done: () => void }>()

  constructor(workers: number) {
    for (let i = 0; i < workers; i++) {
      const w = fork(resolve(here, "clientProcess.ts"), [], {
        execArgv: ["--import", "tsx"],
        cwd: resolve(here, ".."),
      })
      w.on("message", (m: { type: string; gameId: string; version?: number; times?: number[] }) => {
        if (m.type === "got") {
          const entry = this.waiting.get(`${m.gameId}@${m.version}`)
          if (entry === undefined) return
          entry.times.push(...(m.times ?? []))
          if (--entry.left === 0) entry.done()
        } else {
          const entry = this.opened.get(m.gameId)
          if (entry !== undefined && --entry.left === 0) entry.done()
        }
      })
      this.workers.push(w)
    }
  }

  /** Opens `n` streams on a game, shared out over the workers. */
  open(base: string, gameId: string, n: number): Promise<void> {
    return new Promise((done) => {
      const per = Math.ceil(n / this.workers.length)
      const used = this.workers.filter((_, i) => i * per < n)
      this.opened.set(gameId, { left: used.length, done })
      used.forEach((w, i) => {
        w.send({ type: "open", base, gameId, n: Math.min(per, n - i * per) })
      })
    })
  }

  /** Registers interest in a version before it is played; resolves with every stream's receipt time. */
  expect(gameId: string, version: number, streams: number): Promise<number[]> {
    const workers = Math.min(this.workers.length, streams)
    return new Promise((done) => {
      const entry = { times: [] as number[], left: workers, done: () => done(entry.times) }
      this.waiting.set(`${gameId}@${version}`, entry)
    })
  }

  /** Closes every stream on a game. */
  closeGame(gameId: string): void {
    // A worker that has already exited (the run is ending) has nothing left to close.
    for (const w of this.workers) if (w.connected) w.send({ type: "closeGame", gameId })
  }

  close(): void {
    for (const w of this.workers) if (w.connected) w.send({ type: "close" })
  }
}

export const post = async (base: string, path: string, body: unknown) => {
  const r = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${ORGANISER}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: benchmark plumbing reads what it wrote.
  const json: any = await r.json()
  if (r.status >= 300) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`)
  return json
}

/**
 * A game the benchmark drives as organiser: it mirrors the match locally (same options and seed, so the
 * same events), so each command is chosen without a round trip.
 */
export class DrivenGame {
  private match: Match
  private n = 0
  /** The JSON size of the first envelope the last command appended (what a spectator's frame carries). */
  lastEnvelopeBytes = 0

  constructor(
    readonly base: string,
    readonly gameId: string,
    private readonly game: AnyGame,
    seats: number,
    seed: string,
    options: unknown,
  ) {
    const started = start(game, options, seats, seed)
    if (Result.isFailure(started)) throw new Error(started.failure.message)
    this.match = started.success.match
  }

  static async create(base: string, gameId: string, game: AnyGame, seats: number, options: unknown) {
    const seed = `bench-${gameId}`
    await post(base, "/api/games", { game: game.id, seats, gameId, seed, options, decisionMs: null })
    return new DrivenGame(base, gameId, game, seats, seed, options)
  }

  get ended(): boolean {
    return this.match.ended !== null
  }

  get version(): number {
    return this.match.events
  }

  /** The version the next command will take the game to (its first event). */
  get nextVersion(): number {
    return this.match.events + 1
  }

  /** Plays the first legal command of the first seat that owes one; the events' versions. */
  async step(): Promise<number[]> {
    if (this.match.ended) throw new Error(`game ${this.gameId} has ended: the benchmark needs a longer one`)
    const seat = this.game.pending(this.match.state)[0]?.seat as number
    const command = this.game.legalCommands(this.match.state, seat)[0]
    const r = await post(this.base, `/api/games/${this.gameId}/commands`, {
      commandId: `b${this.n++}`,
      seat,
      command,
    })
    for (const e of r.events) this.match = apply(this.match, toEvent(e))
    this.lastEnvelopeBytes = JSON.stringify(r.events[0] ?? {}).length
    return r.events.map((e: { version: number }) => e.version)
  }
}

/** The p-th percentile (0–100) of a list of numbers. */
export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}
