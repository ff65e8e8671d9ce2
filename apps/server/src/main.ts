#!/usr/bin/env -S npx tsx
import { randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { defaultLimits, type ServerConfig } from "./config.js"
import { hostedGames } from "./games.js"
import { startServer } from "./Server.js"

// The repository's .boroughs/, wherever the command is started from (pnpm runs package scripts in the package).
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..")

const usage = `boroughs server — the Boroughs game server (HTTP API, SSE, bot gateway)

Options (environment variable in brackets):
  --port <n>              port to listen on [PORT] (default 8080)
  --host <addr>           address to listen on [HOST] (default 127.0.0.1; 0.0.0.0 in containers)
  --db <url | dir>        PostgreSQL URL or PGlite directory [DATABASE_URL] (default .boroughs/data)
  --organiser-token <s>   accept this secret as the organiser token [BOROUGHS_ORGANISER_TOKEN]
                          (default: one generated once and kept in .boroughs/organiser-token)
  --signing-key <file>    the organiser's Ed25519 key that signs tournament round roots
                          [BOROUGHS_SIGNING_KEY] (default: made once in .boroughs/organiser-ed25519.pem)
  --fixtures              also host the kernel's Bluff Dice test game
  --no-background         never run projections and clocks here (a pure API replica)
  --node <name>           this process's name in /api/health [BOROUGHS_NODE]
  --log-requests          log every request to stderr
  --help`

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    host: { type: "string" },
    db: { type: "string" },
    "organiser-token": { type: "string" },
    "signing-key": { type: "string" },
    fixtures: { type: "boolean", default: false },
    "no-background": { type: "boolean", default: false },
    node: { type: "string" },
    "log-requests": { type: "boolean", default: false },
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
const target = values.db ?? process.env.DATABASE_URL
const database: ServerConfig["database"] =
  target !== undefined && /^postgres(ql)?:\/\//.test(target)
    ? { kind: "postgres", url: target }
    : { kind: "pglite", dir: resolve(target ?? resolve(repoRoot, ".boroughs/data")) }

/** The organiser token: given, or generated once and kept beside the data (readable by its owner only). */
const organiserToken = (): { token: string; file: string | null } => {
  const given = values["organiser-token"] ?? process.env.BOROUGHS_ORGANISER_TOKEN
  if (given !== undefined && given !== "") return { token: given, file: null }
  const file = resolve(repoRoot, ".boroughs/organiser-token")
  if (existsSync(file)) return { token: readFileSync(file, "utf8").trim(), file }
  const token = `brs_${randomBytes(32).toString("base64url")}`
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${token}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return { token, file }
}

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
    resolve(repoRoot, ".boroughs/organiser-ed25519.pem"),
  ...defaultLimits,
  background: !values["no-background"],
  node: values.node ?? process.env.BOROUGHS_NODE ?? `${hostname()}:${process.pid}`,
  logRequests: values["log-requests"] === true,
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)))

const where = database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${database.dir}`
process.stdout.write(
  `boroughs server listening on ${server.url} (${where})\n` +
    `  API: ${server.url}/api/openapi.json\n` +
    `  organiser token: ${organiser.file === null ? "as given" : `in ${organiser.file}`}\n` +
    `  round roots signed by Ed25519 key ${server.app.signer.keyId}: ${server.app.signer.publicKey}\n`,
)

let stopping = false
const stop = (signal: string) => {
  if (stopping) return
  stopping = true
  process.stderr.write(`boroughs server: ${signal}, closing streams and stopping\n`)
  void server.close().then(() => process.exit(0))
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.on("SIGINT", () => stop("SIGINT"))
process.on("SIGTERM", () => stop("SIGTERM"))
