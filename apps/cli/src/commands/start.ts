import { randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { type RegisteredGame, registry, seatRange } from "@boroughs/core"
import { type Client, makeClient, watchGame } from "@boroughs/protocol"
import cliProgress from "cli-progress"
import { Effect, Fiber, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { type Child, startChild } from "../children.js"
import { databaseForChild, describeDb } from "../db.js"
import { CliError, describeError } from "../fail.js"
import { requireGame } from "../games.js"
import { boroughsHome } from "../home.js"
import { houseBots } from "../houseBots.js"
import { stopWhenOrphaned } from "../orphan.js"
import { interactive } from "../progress.js"
import { buildStale, freePort, portFree, serverEntry, type WebApp, webApp } from "../site.js"

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
  /** Bring up the spectator site and the admin app (default true; `--no-site` leaves both out). */
  readonly site?: boolean
  /** Bring up the admin app (default true; `--no-admin` leaves it out). */
  readonly admin?: boolean
  /** The admin app's port (0: any free one). */
  readonly adminPort?: number
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

/**
 * The organiser secret and where a person finds it: $BOROUGHS_ORGANISER_TOKEN_FILE, else
 * $BOROUGHS_ORGANISER_TOKEN, else the one kept in .boroughs/organiser-token (made once, owner-only).
 */
const organiserToken = (): { token: string; from: string } => {
  const tokenFile = process.env.BOROUGHS_ORGANISER_TOKEN_FILE
  if (tokenFile) {
    if (!existsSync(tokenFile))
      throw new CliError(`$BOROUGHS_ORGANISER_TOKEN_FILE names ${tokenFile}: no such file`)
    return { token: readFileSync(tokenFile, "utf8").trim(), from: `in ${tokenFile}` }
  }
  const given = process.env.BOROUGHS_ORGANISER_TOKEN
  if (given) return { token: given, from: "$BOROUGHS_ORGANISER_TOKEN" }
  const file = join(boroughsHome(), "organiser-token")
  if (existsSync(file)) return { token: readFileSync(file, "utf8").trim(), from: `in ${file}` }
  const token = `brs_${randomBytes(32).toString("base64url")}`
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${token}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return { token, from: `in ${file}` }
}

const run = <A, E>(effect: Effect.Effect<A, E, never>) => Effect.runPromise(effect)
const withFetch = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(Effect.provide(FetchHttpClient.layer)) as Effect.Effect<A, E, never>

/**
 * The main job: the game server, house bots playing every registered game through it continuously (a new
 * game of each as soon as the last one ends), and the spectator site on top — then the URLs to open.
 * `--max-games` stops after that many games of each game and shuts everything down.
 */
/**
 * How long a stop may take before what is left is killed. A stop takes seconds (the README promises 10); on
 * a loaded machine a clean one can take longer than that, so this is only the bound on a hang.
 */
const STOP_DEADLINE_MS = 30_000

/** How long the games may take to stop after a signal before the children are stopped regardless. */
const GAMES_STOP_MS = 1_000

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
  // All at once: one after another, a loaded machine's three graceful stops added up past the 10 s promised.
  const stopChildren = async () => {
    await Promise.all(children.map((c) => c.stop()))
  }
  // Set once the house bots run: after a signal they send nothing more, so the server's stop is quiet.
  let haltBots = () => {}
  let interrupted = false
  let wake: () => void = () => {}
  // Until the games run, nothing waits for `wake`: a signal then stops the children and leaves at once rather
  // than after a start-up step (the server's, the bots') that may take a while or never finish.
  let playing = false
  const stopAll = () => {
    if (!interrupted) {
      // Whatever hangs (a child that ignores SIGTERM, a request that never returns), a stop is a stop: past
      // the deadline, what is left is killed and this process leaves, saying what it was still waiting for.
      setTimeout(() => {
        const left = children.filter((c) => c.process.exitCode === null && c.process.signalCode === null)
        say(
          `still stopping after ${STOP_DEADLINE_MS / 1000} s${left.length > 0 ? ` (${left.map((c) => c.name).join(", ")} still running)` : ""}; killing what is left`,
        )
        for (const c of left) c.process.kill("SIGKILL")
        process.exit(1)
      }, STOP_DEADLINE_MS).unref()
    }
    interrupted = true
    haltBots()
    wake()
    if (!playing) void stopChildren().then(() => process.exit(130))
    // The games stop first, then the children; when the games' side has not let go within a few seconds
    // (a watcher or a bot still waiting on the server), the server and sites are stopped anyway, and the run
    // ends as an interrupted one does. A CI run saw the server never signalled within 30 s otherwise.
    else
      setTimeout(() => {
        say("the games did not stop in time; stopping the server and the web apps")
        void stopChildren().then(() => process.exit(0))
      }, GAMES_STOP_MS).unref()
  }
  // `on`, not `once`: a second signal (Ctrl-C reaches the whole group, and npm start passes it on too) must
  // not kill this process while it stops the server and the site.
  process.on("SIGINT", stopAll)
  process.on("SIGTERM", stopAll)
  stopWhenOrphaned(stopAll)

  const organiser_ = organiserToken()
  const token = organiser_.token
  const startServerChild = async (): Promise<string> => {
    const apiPort = o.apiPort === 0 ? await freePort(host) : (o.apiPort ?? 8080)
    say(`starting the game server on ${db.kind === "postgres" ? "PostgreSQL" : `PGlite in ${db.dir}`}`)
    const server = startChild({
      name: "server",
      command: process.execPath,
      args: [serverEntry(), "--port", String(apiPort), "--host", host, ...databaseForChild(db).args],
      cwd: process.cwd(),
      // Secrets (the organiser token, a database URL's password) in the environment, not on a command line.
      env: {
        ...process.env,
        ...databaseForChild(db).env,
        BOROUGHS_ORGANISER_TOKEN: token,
        BOROUGHS_STOP_WITH_PARENT: "1",
      },
      ready: /listening on (http:\/\/\S+)/,
      timeoutMs: 180_000,
      log: childLog("server"),
    })
    children.push(server)
    return (await server.ready)[1] as string
  }

  try {
    // The web apps' ports, checked before anything starts: Next.js says it is ready before it binds its port,
    // so a taken one would be announced as ours (serving whatever holds it).
    const portOf = async (wanted: boolean, port: number | undefined, fallback: number, flag: string) => {
      if (!wanted) return null
      const chosen = port === 0 ? await freePort(host) : (port ?? fallback)
      if (!(await portFree(host, chosen)))
        throw new CliError(
          `port ${chosen} on ${host} is taken (another \`boroughs start\`?): stop what holds it, or choose one with ${flag}`,
        )
      return chosen
    }
    const sitePort = await portOf(o.site !== false, o.port, 3000, "--port")
    const adminPort = await portOf(o.site !== false && o.admin !== false, o.adminPort, 3001, "--admin-port")
    const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host
    const urlOf = (port: number) => `http://${shownHost}:${port}`

    // 1. The game server, the only writer (unless one runs already at --api-url).
    const apiUrl = o.apiUrl?.replace(/\/+$/, "") ?? (await startServerChild())

    // 2. The house bots, through the server's bot gateway: games start now, while the web apps build.
    const organiser: Client = await run(withFetch(makeClient({ baseUrl: apiUrl, token })))
    const bots = houseBots({ baseUrl: apiUrl, organiser, paceMs: o.pace ?? 700, log: say })
    haltBots = bots.halt
    const maxSeats = Math.max(...games.map((g) => seatsFor(g)))
    if (o.bots !== false) await bots.start(maxSeats)

    const webApps = [
      ...(sitePort === null ? [] : [{ app: "spectator" as const, port: sitePort, label: "Spectator site" }]),
      ...(adminPort === null ? [] : [{ app: "admin" as const, port: adminPort, label: "Admin app" }]),
    ]
    const stale = new Set(webApps.filter((w) => buildStale(w.app)).map((w) => w.app))
    const lines = [
      `Game server API:  ${apiUrl}/api/openapi.json`,
      `Organiser token:  ${organiser_.from}`,
      ...webApps.map(
        (w) =>
          `${`${w.label}:`.padEnd(18)}${urlOf(w.port)}${stale.has(w.app) ? " (building first; a line says when it is up)" : ""}`,
      ),
      "Ctrl-C stops everything.",
    ]
    process.stdout.write(`${lines.join("\n")}\n`)

    // 3. The progress lines: one per game, one per web app while it builds.
    const multi = live
      ? new cliProgress.MultiBar(
          { format: "{line}", hideCursor: true, stream: process.stderr, fps: 5 },
          cliProgress.Presets.shades_classic,
        )
      : null
    const started = Date.now()
    const tallies = new Map<string, Tally>(
      games.map((g) => [g.game.id, { games: 0, events: 0, commands: 0, lastWinner: "-" }]),
    )
    const bars = new Map(games.map((g) => [g.game.id, multi?.create(1, 0, { line: g.game.id })]))
    const render = (id: string) => {
      const t = tallies.get(id) as Tally
      const secs = Math.max(1, (Date.now() - started) / 1000)
      bars.get(id)?.update(0, {
        line: `${id.padEnd(12)} | ${t.games} games | ${t.events} events | ${Math.round(t.events / secs)} events/s | last winner ${t.lastWinner}`,
      })
    }
    for (const g of games) render(g.game.id)

    const buildWebApp = async (app: WebApp, status: (text: string) => void) => {
      const { dir, next } = webApp(app)
      const t0 = Date.now()
      let phase = "starting the build"
      let shownPhase = ""
      // Live: the line ticks every second. In a log: one line per phase of the build, not one a second.
      const show = () => {
        if (!live && phase === shownPhase) return
        shownPhase = phase
        status(`building (${phase}, ${Math.round((Date.now() - t0) / 1000)} s)`)
      }
      const tick = setInterval(show, 1000)
      show()
      const build = startChild({
        name: `${app} build`,
        command: process.execPath,
        args: [next, "build", "--webpack"],
        cwd: dir,
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
        ready: /^$a/,
        timeoutMs: 900_000,
        log: (line) => {
          childLog(`${app} build`)(line)
          const text = line.replace(/^[\s✓▲○●ƒ⚠]+/u, "").trim()
          if (/^(Creating|Compil|Collecting|Generating|Finalizing|Linting|Running)/.test(text))
            phase = text.replace(/\s*\.{3}$/, "").slice(0, 48)
        },
      })
      children.push(build)
      const code = await build.exited
      clearInterval(tick)
      children.splice(children.indexOf(build), 1)
      if (interrupted) return
      if (code !== 0)
        throw new CliError(
          `the ${app} app did not build (exit ${code}); \`npm run build\` in the Boroughs folder shows why`,
        )
      status(`built in ${Math.round((Date.now() - t0) / 1000)} s`)
    }
    // 4. The web apps, built when missing or older than their sources (one at a time: two cores), then served.
    const webReady = (async () => {
      for (const w of webApps) {
        const bar = multi?.create(1, 0, { line: `${w.label}: waiting` })
        const status = (text: string) =>
          bar ? bar.update(0, { line: `${w.label.padEnd(14)} | ${text}` }) : say(`${w.label}: ${text}`)
        if (stale.has(w.app)) await buildWebApp(w.app, status)
        if (interrupted) return
        const { dir, next } = webApp(w.app)
        status("starting")
        const child = startChild({
          name: w.app,
          command: process.execPath,
          args: [next, "start", "--port", String(w.port), "--hostname", host],
          cwd: dir,
          env: {
            ...process.env,
            BOROUGHS_API_URL: apiUrl,
            NEXT_TELEMETRY_DISABLED: "1",
            PORT: String(w.port),
          },
          ready: /Ready in|started server on/i,
          timeoutMs: 120_000,
          log: childLog(w.app),
        })
        children.push(child)
        await child.ready
        status(`up at ${urlOf(w.port)}`)
        // On a terminal the progress lines say it; a line of ours there would tear them.
        if (!live || !process.stdout.isTTY) process.stdout.write(`${w.label} is up: ${urlOf(w.port)}\n`)
      }
    })()
    // A failed build must not end the process before the children are stopped: it is awaited below.
    let webFailure: unknown = null
    webReady.catch((error) => {
      webFailure = error
      if (!playing) say(describeError(error))
      stopAll()
    })

    // 5. Every game, continuously.
    playing = true
    const typeOf = new Map<string, string>()
    bots.onCommand((gameId) => {
      const t = tallies.get(typeOf.get(gameId) ?? "")
      if (t) t.commands++
    })

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
          // Not awaited: a watcher blocked on its connection must not hold up the stop.
          void run(Fiber.interrupt(watcher))
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
      // With --max-games the games may end before the web apps are up; without bots only a signal stops us.
      if (o.bots === false || o.maxGames === undefined)
        await new Promise<void>((r) => {
          if (interrupted) r()
          else wake = r
        })
    } finally {
      multi?.stop()
      await bots.stop()
    }
    await stopChildren()
    if (webFailure !== null) throw webFailure
    const summary = Object.fromEntries(tallies)
    if (!live) process.stderr.write(`${JSON.stringify(summary)}\n`)
    return summary
  } catch (error) {
    await stopChildren()
    if (interrupted && !(error instanceof CliError)) return {}
    throw error instanceof CliError
      ? error
      : new CliError(error instanceof Error ? error.message : String(error))
  } finally {
    process.off("SIGINT", stopAll)
    process.off("SIGTERM", stopAll)
  }
}

/** Four seats where the game's default options allow, else the nearest they do. */
const seatsFor = (g: RegisteredGame): number => {
  const { min, max } = seatRange(g.game) ?? g.game.seats
  return Math.min(max, Math.max(min, 4))
}
