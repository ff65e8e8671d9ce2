import { randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { type RegisteredGame, registry } from "@boroughs/core"
import { type Client, makeClient, watchGame } from "@boroughs/protocol"
import cliProgress from "cli-progress"
import { Effect, Fiber, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { type Child, startChild } from "../children.js"
import { describeDb } from "../db.js"
import { CliError } from "../fail.js"
import { requireGame } from "../games.js"
import { houseBots } from "../houseBots.js"
import { interactive } from "../progress.js"
import { appDirs, freePort, nextBin, portFree, siteBuildStale } from "../site.js"

export interface StartOptions {
  readonly db?: string
  readonly games?: string
  /** Stop after this many finished games of each game (default: run until interrupted). */
  readonly maxGames?: number
  /** The spectator site's port (0: any free one). */
  readonly port?: number
  /** The game server's port (0: any free one). */
  readonly apiPort?: number
  readonly host?: string
  /** Bring up the spectator site (default true; `--no-site` leaves it out). */
  readonly site?: boolean
  /** How long a house bot thinks before each move, in ms (0: as fast as the server takes them). */
  readonly pace?: number
  /** Use the game server already running here instead of starting one (compose runs them apart). */
  readonly apiUrl?: string
  /** Run the house bots (default true; `--no-bots` leaves them out: the site alone). */
  readonly bots?: boolean
}

interface Tally {
  games: number
  events: number
  commands: number
  lastWinner: string
}

/** The organiser secret: $BOROUGHS_ORGANISER_TOKEN, else the one kept in .boroughs/organiser-token (made once). */
const organiserToken = (): string => {
  const given = process.env.BOROUGHS_ORGANISER_TOKEN
  if (given) return given
  const file = resolve(appDirs.server, "../../.boroughs/organiser-token")
  if (existsSync(file)) return readFileSync(file, "utf8").trim()
  const token = `brs_${randomBytes(32).toString("base64url")}`
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${token}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return token
}

const run = <A, E>(effect: Effect.Effect<A, E, never>) => Effect.runPromise(effect)
const withFetch = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(Effect.provide(FetchHttpClient.layer)) as Effect.Effect<A, E, never>

/**
 * The main job: the game server, house bots playing every registered game through it continuously (a new
 * game of each as soon as the last one ends), and the spectator site on top — then the URLs to open.
 * `--max-games` stops after that many games of each game and shuts everything down.
 */
export const startSelfplay = async (o: StartOptions) => {
  const games = o.games ? o.games.split(",").map((id) => requireGame(id.trim())) : [...registry]
  if (games.length === 0) throw new CliError("no games are registered yet")
  const host = o.host ?? "127.0.0.1"
  const db = describeDb(o.db)
  const live = interactive()
  const say = (line: string) => process.stderr.write(`boroughs: ${line}\n`)
  // Children's own lines matter when something goes wrong, or in logs (CI, compose); not over live bars.
  const childLog = (name: string) => (line: string) => {
    if (!live) process.stderr.write(`[${name}] ${line}\n`)
  }
  const children: Child[] = []
  const stopChildren = async () => {
    for (const c of [...children].reverse()) await c.stop()
  }
  let interrupted = false
  let wake: () => void = () => {}
  const stopAll = () => {
    interrupted = true
    wake()
  }
  // `on`, not `once`: a second signal (Ctrl-C reaches the whole group, and npm start passes it on too) must
  // not kill this process while it stops the server and the site.
  process.on("SIGINT", stopAll)
  process.on("SIGTERM", stopAll)

  const token = organiserToken()
  const startServerChild = async (): Promise<string> => {
    const apiPort = o.apiPort === 0 ? await freePort(host) : (o.apiPort ?? 8080)
    say(`starting the game server on ${db.kind === "postgres" ? "PostgreSQL" : `PGlite in ${db.dir}`}`)
    const server = startChild({
      name: "server",
      command: process.execPath,
      args: [
        "--import",
        "tsx",
        "src/main.ts",
        "--port",
        String(apiPort),
        "--host",
        host,
        "--db",
        db.kind === "postgres" ? db.url : db.dir,
      ],
      cwd: appDirs.server,
      env: { ...process.env, BOROUGHS_ORGANISER_TOKEN: token },
      ready: /listening on (http:\/\/\S+)/,
      timeoutMs: 180_000,
      log: childLog("server"),
    })
    children.push(server)
    return (await server.ready)[1] as string
  }

  try {
    // The site's port, checked before anything starts: Next.js says it is ready before it binds its port, so a
    // taken one would be announced as the site (serving whatever holds it).
    const siteWanted = o.site !== false
    const sitePort = !siteWanted ? null : o.port === 0 ? await freePort(host) : (o.port ?? 3000)
    if (sitePort !== null && !(await portFree(host, sitePort)))
      throw new CliError(
        `port ${sitePort} on ${host} is taken (another \`boroughs start\`?): stop what holds it, or choose a port with --port`,
      )

    // 1. The game server, the only writer (unless one runs already at --api-url).
    const apiUrl = o.apiUrl?.replace(/\/+$/, "") ?? (await startServerChild())

    // 2. The spectator site (production build; built first when missing or older than its sources).
    let siteUrl: string | null = null
    const siteReady = (async () => {
      if (!siteWanted) return
      if (siteBuildStale()) {
        say("building the spectator site (once, and after its sources change; about two minutes)")
        const build = startChild({
          name: "site build",
          command: process.execPath,
          args: [nextBin(), "build", "--webpack"],
          cwd: appDirs.spectator,
          env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
          ready: /^$a/,
          timeoutMs: 900_000,
          log: childLog("site build"),
        })
        children.push(build)
        const code = await build.exited
        children.splice(children.indexOf(build), 1)
        if (interrupted) return
        if (code !== 0)
          throw new CliError(
            `the spectator site did not build (exit ${code}); run \`pnpm --filter @boroughs/spectator build\` to see why`,
          )
      }
      const port = sitePort as number
      const site = startChild({
        name: "site",
        command: process.execPath,
        args: [nextBin(), "start", "--port", String(port), "--hostname", host],
        cwd: appDirs.spectator,
        env: { ...process.env, BOROUGHS_API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: "1", PORT: String(port) },
        ready: /Ready in|started server on/i,
        timeoutMs: 120_000,
        log: childLog("site"),
      })
      children.push(site)
      await site.ready
      siteUrl = `http://${host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host}:${port}`
    })()

    // Awaited below, once the bots are up: until then a failure (a taken port, a failed build) must not count
    // as an unhandled rejection, which would end the process before the children are stopped.
    siteReady.catch(() => undefined)

    // 3. The house bots, through the server's bot gateway.
    const organiser: Client = await run(withFetch(makeClient({ baseUrl: apiUrl, token })))
    const bots = houseBots({ baseUrl: apiUrl, organiser, paceMs: o.pace ?? 700, log: say })
    const maxSeats = Math.max(...games.map((g) => seatsFor(g)))
    if (o.bots !== false) await bots.start(maxSeats)

    await siteReady
    const lines = [
      siteUrl ? `  Watch the games:  ${siteUrl}` : null,
      `  Game server API:  ${apiUrl}/api/openapi.json`,
      "  Ctrl-C stops everything.",
    ].filter((l): l is string => l !== null)
    process.stdout.write(`${lines.join("\n")}\n`)

    // 4. Every game, continuously.
    const tallies = new Map<string, Tally>(
      games.map((g) => [g.game.id, { games: 0, events: 0, commands: 0, lastWinner: "-" }]),
    )
    const typeOf = new Map<string, string>()
    bots.onCommand((gameId) => {
      const t = tallies.get(typeOf.get(gameId) ?? "")
      if (t) t.commands++
    })
    const multi = live
      ? new cliProgress.MultiBar(
          {
            format: "{game} | {games} games | {events} events | {rate} events/s | last winner {lastWinner}",
            hideCursor: true,
            stream: process.stderr,
            fps: 5,
          },
          cliProgress.Presets.shades_classic,
        )
      : null
    const started = Date.now()
    const bars = new Map(
      games.map((g) => [
        g.game.id,
        multi?.create(1, 0, { game: g.game.id.padEnd(12), games: 0, events: 0, rate: 0, lastWinner: "-" }),
      ]),
    )
    const render = (id: string) => {
      const t = tallies.get(id) as Tally
      const secs = Math.max(1, (Date.now() - started) / 1000)
      bars.get(id)?.update(0, { game: id.padEnd(12), ...t, rate: Math.round(t.events / secs) })
    }

    const playOn = async (g: RegisteredGame) => {
      const t = tallies.get(g.game.id) as Tally
      for (let n = 0; !interrupted && (o.maxGames === undefined || n < o.maxGames); n++) {
        const seats = seatsFor(g)
        const players = bots.lineUp(seats, n % seats)
        const created = await run(
          withFetch(
            organiser.games.createGame({ payload: { game: g.game.id, seats, players, decisionMs: 30_000 } }),
          ),
        )
        typeOf.set(created.gameId, g.game.id)
        // Follow it as a spectator until its end: every event counted once (SSE, resumed after drops).
        const watcher = Effect.runFork(
          withFetch(
            Stream.runForEach(watchGame({ baseUrl: apiUrl, gameId: created.gameId }), (m) =>
              Effect.sync(() => {
                if (m.type === "event") {
                  t.events++
                  render(g.game.id)
                }
              }),
            ),
          ),
        )
        const stopped = new Promise<void>((r) => {
          const previous = wake
          wake = () => {
            previous()
            r()
          }
        })
        await Promise.race([run(Fiber.join(watcher)), stopped])
        if (interrupted) {
          await run(Fiber.interrupt(watcher))
          return
        }
        const detail = await run(
          withFetch(organiser.games.getGame({ params: { gameId: created.gameId }, query: {} })),
        )
        t.games++
        t.lastWinner =
          detail.outcome?.ranks
            .map((r, s) => (r === 1 ? `seat ${s} (${players[s]?.replace(/^bot:/, "")})` : null))
            .filter(Boolean)
            .join(", ") ?? "-"
        render(g.game.id)
      }
    }
    try {
      if (o.bots !== false) await Promise.all(games.map(playOn))
      else
        await new Promise<void>((r) => {
          if (interrupted) r()
          else wake = r
        })
    } finally {
      multi?.stop()
      await bots.stop()
    }
    await stopChildren()
    const summary = Object.fromEntries(tallies)
    if (!live) process.stderr.write(`${JSON.stringify(summary)}\n`)
    return summary
  } catch (error) {
    await stopChildren()
    if (interrupted) return {}
    throw error instanceof CliError
      ? error
      : new CliError(error instanceof Error ? error.message : String(error))
  } finally {
    process.off("SIGINT", stopAll)
    process.off("SIGTERM", stopAll)
  }
}

/** Four seats where the game allows, else the nearest it does. */
const seatsFor = (g: RegisteredGame): number => Math.min(g.game.seats.max, Math.max(g.game.seats.min, 4))
