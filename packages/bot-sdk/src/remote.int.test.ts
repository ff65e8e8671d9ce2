import { execFile } from "node:child_process"
import { connect, createServer, type Server, type Socket } from "node:net"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { defaultLimits, hostedGames, type RunningServer, startServer } from "@boroughs/server"
import { pgliteTemplate } from "@boroughs/store/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defineBot } from "./bot.js"
import { heuristicBot, randomBot } from "./bots/reference.js"
import { commandIdOf, runRemote, type SentCommand } from "./remote.js"

const ORGANISER = "bot-sdk-test-organiser-0123456789"
const execFileAsync = promisify(execFile)
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const repoRoot = resolve(packageDir, "../..")
const tsx = resolve(packageDir, "node_modules/.bin/tsx")
const cli = resolve(packageDir, "src/cli.ts")
const bot = resolve(repoRoot, "examples/python-bot/bot.py")

/**
 * A TCP proxy in front of the server whose `cut()` drops every open connection at once, as a network
 * failure would: the bot stream and any command in flight die mid-way.
 */
const dropProxy = async (target: URL) => {
  const sockets = new Set<Socket>()
  let connections = 0
  const server: Server = createServer((client) => {
    connections++
    const upstream = connect(Number(target.port), target.hostname)
    sockets.add(client)
    sockets.add(upstream)
    client.pipe(upstream)
    upstream.pipe(client)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on("error", drop)
    upstream.on("error", drop)
    client.on("close", drop)
    upstream.on("close", drop)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (address === null || typeof address === "string") throw new Error("proxy has no port")
  return {
    url: `http://127.0.0.1:${address.port}`,
    connections: () => connections,
    cut: () => {
      for (const s of sockets) s.destroy()
      sockets.clear()
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let server: RunningServer
const tokens: Record<string, string> = {}

const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ORGANISER}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  server = await startServer({
    host: "127.0.0.1",
    port: 0,
    database: { kind: "pglite", dir: undefined, loadDataDir: await pgliteTemplate() },
    ...hostedGames(false),
    organiserToken: ORGANISER,
    ...defaultLimits,
    rateLimits: null,
    keepAliveMs: 500,
    pollIntervalMs: 100,
    background: true,
    node: "bot-sdk-test",
    logRequests: false,
  })
  for (const name of ["alpha", "beta"]) {
    const issued = await call("POST", "/api/tokens", { kind: "bot", name })
    expect(issued.status).toBe(201)
    tokens[name] = issued.json.token as string
  }
})
afterAll(() => server?.close())

describe("runRemote against a real server", () => {
  it("plays a whole Downtown game through connection drops: the game ends and no command is played twice", async () => {
    const proxy = await dropProxy(new URL(server.url))
    const created = await call("POST", "/api/games", {
      game: "downtown",
      seats: 4,
      gameId: "drops",
      players: ["bot:alpha", "bot:beta", "bot:alpha", "bot:beta"],
      decisionMs: null,
      seed: "drops",
    })
    expect(created.status).toBe(201)

    const sent: SentCommand[] = []
    const cutsAt = new Set([12, 40, 41, 90])
    let cuts = 0
    const onCommand = (c: SentCommand) => {
      sent.push(c)
      if (cutsAt.has(sent.length)) {
        proxy.cut()
        cuts++
      }
    }
    const quiet = () => {}
    const [alpha, beta] = await Promise.all([
      runRemote({
        url: proxy.url,
        token: tokens.alpha as string,
        bot: heuristicBot,
        games: 1,
        onCommand,
        log: quiet,
      }),
      runRemote({
        url: proxy.url,
        token: tokens.beta as string,
        bot: randomBot,
        games: 1,
        onCommand,
        log: quiet,
      }),
    ])
    await proxy.close()

    expect(cuts).toBe(cutsAt.size)
    expect(alpha.stopped).toBe("games")
    expect(beta.stopped).toBe("games")
    expect(alpha.ended[0]?.gameId).toBe("drops")
    // Every connection cut was reopened: more connections than the two streams and their first commands.
    expect(proxy.connections()).toBeGreaterThan(4)

    const game = await call("GET", "/api/games/drops")
    expect(game.json.status).toBe("ended")
    const page = await call("GET", "/api/games/drops/events?after=0&limit=1000")
    const events = page.json.events as ReadonlyArray<{ version: number; metadata: Record<string, unknown> }>
    // The log: the first event of each seat's append carries the command that caused it (and its seat).
    const appends = events.filter(
      (e) => e.metadata.command !== undefined && typeof e.metadata.seat === "number",
    )
    // The server scopes the client's command id by game and seat (`cmd:<game>:<seat>:<id>`): compare the ends.
    const ids = appends.map((e) => e.metadata.commandId as string)
    expect(new Set(ids).size).toBe(ids.length)
    for (const e of appends) {
      const seat = e.metadata.seat as number
      expect(e.metadata.commandId).toMatch(new RegExp(`:${commandIdOf("drops", seat, e.version - 1)}$`))
    }
    // Every command the bots settled as played is in the log exactly once; none was refused.
    const played = [...alpha.commands, ...beta.commands].filter(
      (c) => c.result === "accepted" || c.result === "duplicate",
    )
    for (const c of played) expect(ids.filter((id) => id.endsWith(`:${c.commandId}`))).toHaveLength(1)
    expect(
      [...alpha.commands, ...beta.commands].filter((c) => c.result === "rejected" || c.result === "failed"),
    ).toEqual([])
    expect(new Set(played.map((c) => c.commandId)).size).toBe(played.length)
    expect(ids.length).toBe(played.length)
  })

  it("bridges the Python example bot to the server: `boroughs-bot run --url --token -- python3 bot.py`", async () => {
    const issued = await call("POST", "/api/tokens", { kind: "bot", name: "python" })
    const created = await call("POST", "/api/games", {
      game: "downtown",
      seats: 3,
      gameId: "python-remote",
      players: ["bot:python", "bot:beta", "bot:python"],
      decisionMs: null,
      seed: "python-remote",
    })
    expect(created.status).toBe(201)
    const bridge = execFileAsync(
      tsx,
      [
        cli,
        "run",
        "--url",
        server.url,
        "--token",
        issued.json.token as string,
        "--games",
        "1",
        "--",
        "python3",
        bot,
      ],
      { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
    )
    const beta = await runRemote({
      url: server.url,
      token: tokens.beta as string,
      bot: randomBot,
      games: 1,
      log: () => {},
    })
    const { stderr } = await bridge
    expect(stderr).toContain("1 game(s) ended")
    expect(beta.ended[0]?.gameId).toBe("python-remote")
    const page = await call("GET", "/api/games/python-remote/events?after=0&limit=1000")
    const events = page.json.events as ReadonlyArray<{ version: number; metadata: Record<string, unknown> }>
    const python = events.filter((e) => e.metadata.command !== undefined && e.metadata.actor === "bot:python")
    // Both of the Python bot's seats played, each command once, under the ids the bridge derives.
    expect(new Set(python.map((e) => e.metadata.seat))).toEqual(new Set([0, 2]))
    const ids = python.map((e) => e.metadata.commandId as string)
    expect(new Set(ids).size).toBe(ids.length)
    for (const e of python)
      expect(e.metadata.commandId).toMatch(
        new RegExp(`:${commandIdOf("python-remote", e.metadata.seat as number, e.version - 1)}$`),
      )
    expect((await call("GET", "/api/games/python-remote")).json.status).toBe("ended")
  })

  it("leaves a game of another kind to the clock when the bot is written for one game, and stops on its signal", async () => {
    const issued = await call("POST", "/api/tokens", { kind: "bot", name: "typed" })
    const created = await call("POST", "/api/games", {
      game: "downtown",
      seats: 3,
      gameId: "not-manhattan",
      players: ["bot:typed", "bot:typed", "bot:typed"],
      decisionMs: null,
    })
    expect(created.status).toBe(201)
    const asked: number[] = []
    const manhattanOnly = defineBot({
      game: "manhattan",
      name: "manhattan-only",
      decide: (_view, legal, ctx) => {
        asked.push(ctx.version)
        return legal[0] ?? null
      },
    })
    const stop = new AbortController()
    const logs: string[] = []
    const summary = await runRemote({
      url: server.url,
      token: issued.json.token as string,
      bot: manhattanOnly,
      signal: stop.signal,
      log: (line) => {
        logs.push(line)
        stop.abort()
      },
    })
    expect(summary.stopped).toBe("signal")
    expect(logs[0]).toContain("manhattan-only plays manhattan, not downtown (not-manhattan)")
    expect(asked).toEqual([])
    expect(summary.commands).toEqual([])
  })
})
