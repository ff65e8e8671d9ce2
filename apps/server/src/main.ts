#!/usr/bin/env node
import { randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { analysisFromEnv } from "@boroughs/engine"
import { defaultLimits, type ServerConfig } from "./config.js"
import { hostedGames } from "./games.js"
import { defaultHouseSearch } from "./houseBots/houseSearch.js"
import { parseTrustedProxies } from "./http/clientAddress.js"
import { redactUrl } from "./http/rateLimitStore.js"
import { defaultLogFormat } from "./observability/logging.js"
import { startServer } from "./Server.js"

/**
 * Where `.boroughs/` (PGlite data, organiser token, signing key) lives: $BOROUGHS_HOME, else the workspace this
 * server was built in (from source or dist/), else the working directory (an image).
 */
const home = (() => {
  if (process.env.BOROUGHS_HOME) return resolve(process.env.BOROUGHS_HOME)
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir))
    if (existsSync(resolve(dir, "pnpm-workspace.yaml"))) return dir
  return process.cwd()
})()

const usage = `boroughs server — the Boroughs game server (HTTP API, SSE, bot gateway)

Options (environment variable in brackets):
  --port <n>              port to listen on [PORT] (default 8080)
  --host <addr>           address to listen on [HOST] (default 127.0.0.1; 0.0.0.0 in containers)
  --db <url | dir>        PostgreSQL URL or PGlite directory [DATABASE_URL, or a file: DATABASE_URL_FILE]
                          (default .boroughs/data)
  --organiser-token-file <f>  read the organiser token from a file [BOROUGHS_ORGANISER_TOKEN_FILE];
                          else [BOROUGHS_ORGANISER_TOKEN]; else one generated once and kept in
                          .boroughs/organiser-token (--organiser-token <s> works but shows in ps: avoid)
  --signing-key <file>    the organiser's Ed25519 key that signs tournament round roots
                          [BOROUGHS_SIGNING_KEY] (default: made once in .boroughs/organiser-ed25519.pem)
  --fixtures              also host the kernel's Bluff Dice test game
  --no-background         never run projections, clocks and analyses here (a pure API replica)
  --max-streams-per-address <n>  open SSE and bot streams one client address may hold
                          [BOROUGHS_MAX_STREAMS_PER_ADDRESS] (default 64; 0 for no cap)
  --trust-proxy <list>    addresses whose X-Forwarded-For names the client, comma-separated, or
                          "loopback" or "none" [BOROUGHS_TRUST_PROXY] (default loopback: the web apps)
  --node <name>           this process's name in /api/health [BOROUGHS_NODE]
  --log-requests          log every request to stderr
  --log-format <f>        "json" (JSON lines) or "pretty" [BOROUGHS_LOG_FORMAT] (default: pretty on a
                          terminal, json otherwise)
  House bots that search (builtin:ismcts:<budget> seats): BOROUGHS_HOUSE_SEARCH_THREADS worker threads
  (default: one fewer than the cores, at least 1; 0: none), budgets up to BOROUGHS_HOUSE_SEARCH_MAX_MS
  (default 2000) or BOROUGHS_HOUSE_SEARCH_MAX_ITERATIONS (default 20000) a decision
  Ladders: bots enter with POST /api/ladder/entries; set BOROUGHS_LADDER=off for none,
  BOROUGHS_LADDER_DECISION_MS (default 10000), BOROUGHS_LADDER_TABLE_SIZE (default 4),
  BOROUGHS_LADDER_HOUSE (house bots filling seats, default builtin:heuristic)
  Analysis of finished games (GET /api/games/:id/analysis), on a worker thread of the background's
  leader: set BOROUGHS_ANALYSIS=off for none, BOROUGHS_ANALYSIS_ROLLOUTS for the rollouts per position
  (default 128, about 14 s of one core for a 300-event Downtown game)
  Guest games (POST /api/play: anyone, without a token, starts a public game with a seat of their own,
  invited seats and house bots): set BOROUGHS_GUEST_GAMES=off for none
  Rate limits: set BOROUGHS_REDIS_URL (redis://[user:password@]host:6379), or BOROUGHS_REDIS_URL_FILE (a
  file holding it), to keep them in Redis, one budget per caller across every replica behind a load
  balancer (default: each process its own)
  Metrics: GET /metrics (Prometheus), open to whoever reaches the port unless BOROUGHS_METRICS_TOKEN (or
  BOROUGHS_METRICS_TOKEN_FILE, a file holding it) is set: then only to that bearer token.
  Traces: set OTEL_EXPORTER_OTLP_ENDPOINT (OTLP/HTTP JSON).
  --help`

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    host: { type: "string" },
    db: { type: "string" },
    "organiser-token": { type: "string" },
    "organiser-token-file": { type: "string" },
    "signing-key": { type: "string" },
    fixtures: { type: "boolean", default: false },
    "no-background": { type: "boolean", default: false },
    "max-streams-per-address": { type: "string" },
    "trust-proxy": { type: "string" },
    node: { type: "string" },
    "log-requests": { type: "boolean", default: false },
    "log-format": { type: "string" },
    help: { type: "boolean", default: false },
  },
})
if (values.help) {
  process.stdout.write(`${usage}\n`)
  process.exit(0)
}

const fail = (message: string): never => {
  process.stderr.write(`boroughs server: ${message}\n`)
  process.exit(2)
}

const port = Number(values.port ?? process.env.PORT ?? 8080)
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  fail(`--port must be a port number, not ${values.port}`)
const streamCapText =
  values["max-streams-per-address"] ||
  process.env.BOROUGHS_MAX_STREAMS_PER_ADDRESS ||
  String(defaultLimits.maxStreamsPerAddress)
if (!/^\d{1,9}$/.test(streamCapText))
  fail(`--max-streams-per-address must be a whole number (0 for no cap), not ${streamCapText}`)
const streamCap = Number(streamCapText)
let trustedProxies = defaultLimits.trustedProxies
const trustText = values["trust-proxy"] ?? process.env.BOROUGHS_TRUST_PROXY
if (trustText !== undefined && trustText !== "")
  try {
    trustedProxies = parseTrustedProxies(trustText)
  } catch (error) {
    fail(`--trust-proxy: ${(error as Error).message}`)
  }

/** A secret from a file (the Docker/Kubernetes secrets way), trimmed; a clear stop when unreadable. */
const secretFile = (file: string, what: string): string => {
  try {
    return readFileSync(file, "utf8").trim()
  } catch (error) {
    return fail(`cannot read the ${what} from ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`)
  }
}
/**
 * `$<variable>`, else what the file `$<variable>_FILE` holds (a Docker or Kubernetes secret); undefined when
 * neither is set or both are empty.
 */
const envOrFile = (variable: string, what: string): string | undefined => {
  const file = process.env[`${variable}_FILE`]
  return process.env[variable] || (file ? secretFile(file, what) : undefined) || undefined
}
// Secrets on a command line are readable by every user of the machine (ps, /proc): say so, still accept.
const warnArgv = (flag: string) =>
  process.stderr.write(`boroughs server: warning: ${flag} on the command line shows in the process list\n`)
if (values["organiser-token"] !== undefined)
  warnArgv("--organiser-token (use $BOROUGHS_ORGANISER_TOKEN or --organiser-token-file)")
if (values.db !== undefined && /^postgres(ql)?:\/\/[^/@]*:[^/@]+@/.test(values.db))
  warnArgv("a password in --db (use $DATABASE_URL or $DATABASE_URL_FILE)")

// An empty variable counts as unset (a shell's `DATABASE_URL= boroughs server`), never as "this folder".
const target = values.db || envOrFile("DATABASE_URL", "database URL")
const database: ServerConfig["database"] =
  target !== undefined && /^postgres(ql)?:\/\//.test(target)
    ? { kind: "postgres", url: target }
    : { kind: "pglite", dir: resolve(target ?? resolve(home, ".boroughs/data")) }

/** The organiser token: given, or generated once and kept beside the data (readable by its owner only). */
const organiserToken = (): { token: string; from: string } => {
  const tokenFile = values["organiser-token-file"] ?? process.env.BOROUGHS_ORGANISER_TOKEN_FILE
  if (tokenFile) return { token: secretFile(tokenFile, "organiser token"), from: `in ${resolve(tokenFile)}` }
  if (values["organiser-token"])
    return { token: values["organiser-token"], from: "given with --organiser-token" }
  const given = process.env.BOROUGHS_ORGANISER_TOKEN
  if (given) return { token: given, from: "$BOROUGHS_ORGANISER_TOKEN" }
  const file = resolve(home, ".boroughs/organiser-token")
  if (existsSync(file)) return { token: readFileSync(file, "utf8").trim(), from: `in ${file}` }
  const token = `brs_${randomBytes(32).toString("base64url")}`
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${token}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return { token, from: `in ${file}` }
}

const logFormatText = values["log-format"] ?? process.env.BOROUGHS_LOG_FORMAT
const logFormat =
  logFormatText === undefined || logFormatText === ""
    ? defaultLogFormat()
    : logFormatText === "json" || logFormatText === "pretty"
      ? logFormatText
      : fail(`--log-format must be "json" or "pretty", not ${JSON.stringify(logFormatText)}`)

// The URL may hold a password: read from the environment or a file (a mounted secret), never a flag.
const redisUrl = envOrFile("BOROUGHS_REDIS_URL", "Redis URL")
if (redisUrl !== undefined && !/^rediss?:\/\/./.test(redisUrl))
  fail(
    `${process.env.BOROUGHS_REDIS_URL ? "BOROUGHS_REDIS_URL" : `the Redis URL in ${process.env.BOROUGHS_REDIS_URL_FILE}`} must be a redis:// or rediss:// URL`,
  )

const metricsToken = envOrFile("BOROUGHS_METRICS_TOKEN", "metrics token")
if (metricsToken !== undefined && !/^\S{16,}$/.test(metricsToken))
  fail("the metrics token must be at least 16 characters, without spaces")

/** A whole number from the environment, or the default when unset; a clear stop when it is not one. */
const wholeFromEnv = (variable: string, fallback: number): number => {
  const text = process.env[variable]
  if (text === undefined || text === "") return fallback
  if (!/^\d{1,9}$/.test(text)) fail(`${variable} must be a whole number, not ${JSON.stringify(text)}`)
  return Number(text)
}
const houseSearch = {
  threads: wholeFromEnv("BOROUGHS_HOUSE_SEARCH_THREADS", defaultHouseSearch.threads),
  maxMs: wholeFromEnv("BOROUGHS_HOUSE_SEARCH_MAX_MS", defaultHouseSearch.maxMs),
  maxIterations: wholeFromEnv("BOROUGHS_HOUSE_SEARCH_MAX_ITERATIONS", defaultHouseSearch.maxIterations),
}

/** The ladders' settings from the environment: off, or each one given (else its default). */
const ladder = (() => {
  const env = process.env
  if (env.BOROUGHS_LADDER === "off") return false as const
  if (env.BOROUGHS_LADDER !== undefined && env.BOROUGHS_LADDER !== "" && env.BOROUGHS_LADDER !== "on")
    fail(`BOROUGHS_LADDER must be "on" or "off", not ${env.BOROUGHS_LADDER}`)
  const whole = (name: string, min: number): number | undefined => {
    const text = env[name]
    if (text === undefined || text === "") return undefined
    if (!/^\d{1,9}$/.test(text) || Number(text) < min)
      fail(`${name} must be a whole number ≥ ${min}, not ${text}`)
    return Number(text)
  }
  const house = env.BOROUGHS_LADDER_HOUSE?.split(",").map((h) => h.trim())
  if (house?.some((h) => !/^builtin:[a-z0-9][a-z0-9:._-]*$/.test(h)) === true)
    fail(
      `BOROUGHS_LADDER_HOUSE lists house bots as builtin:<bot>, comma-separated, not ${env.BOROUGHS_LADDER_HOUSE}`,
    )
  const decisionMs = whole("BOROUGHS_LADDER_DECISION_MS", 100)
  const tableSize = whole("BOROUGHS_LADDER_TABLE_SIZE", 2)
  return {
    ...(decisionMs === undefined ? {} : { decisionMs }),
    ...(tableSize === undefined ? {} : { tableSize }),
    ...(house === undefined ? {} : { house }),
  }
})()

const guestGames = (() => {
  const onOff = process.env.BOROUGHS_GUEST_GAMES
  if (onOff === undefined || onOff === "" || onOff === "on") return true
  if (onOff === "off") return false
  return fail(`BOROUGHS_GUEST_GAMES must be "on" or "off", not ${JSON.stringify(onOff)}`)
})()

const analysis = (() => {
  try {
    return analysisFromEnv(process.env)
  } catch (error) {
    return fail((error as Error).message)
  }
})()

const organiser = organiserToken()
const server = await startServer({
  host: values.host ?? process.env.HOST ?? "127.0.0.1",
  port,
  database,
  ...hostedGames(values.fixtures === true),
  organiserToken: organiser.token,
  signingKeyFile:
    values["signing-key"] ??
    process.env.BOROUGHS_SIGNING_KEY ??
    resolve(home, ".boroughs/organiser-ed25519.pem"),
  ...defaultLimits,
  maxStreamsPerAddress: streamCap === 0 ? null : streamCap,
  trustedProxies,
  rateLimitRedis: redisUrl === undefined ? undefined : { url: redisUrl },
  background: !values["no-background"],
  node: values.node ?? process.env.BOROUGHS_NODE ?? `${hostname()}:${process.pid}`,
  logRequests: values["log-requests"] === true,
  logFormat,
  houseSearch,
  ladder,
  analysis,
  guestGames,
  metricsToken,
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)))

const where = database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${database.dir}`
process.stdout.write(
  `boroughs server listening on ${server.url} (${where})\n` +
    `  API: ${server.url}/api/openapi.json\n` +
    `  organiser token: ${organiser.from}\n` +
    (redisUrl === undefined ? "" : `  rate limits: shared in Redis at ${redactUrl(redisUrl)}\n`) +
    `  metrics: ${server.url}/metrics${metricsToken === undefined ? "" : " (with the metrics token)"}\n` +
    `  round roots signed by Ed25519 key ${server.app.signer.keyId}: ${server.app.signer.publicKey}\n`,
)

let stopping = false
const stop = (signal: string) => {
  if (stopping) return
  stopping = true
  process.stderr.write(`boroughs server: ${signal}, closing streams and stopping\n`)
  void server.close().then(() => process.exit(0))
  // A stop that hangs still ends: within 8 s, inside the 10 s the README promises for all of `boroughs start`.
  setTimeout(() => {
    process.stderr.write("boroughs server: still stopping after 8 s; exiting\n")
    process.exit(1)
  }, 8_000).unref()
}
process.on("SIGINT", () => stop("SIGINT"))
process.on("SIGTERM", () => stop("SIGTERM"))
process.on("SIGHUP", () => stop("SIGHUP"))
// Run by `boroughs server` or `start`: if that process is gone (killed outright), stop rather than serve on
// under PID 1 with nobody to stop it.
if (process.env.BOROUGHS_STOP_WITH_PARENT === "1") {
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) stop("parent process gone")
  }, 500).unref()
}
