import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { connect, createServer, type Server, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import {
  commandIdOf,
  defineBot,
  heuristicBot,
  randomBot,
  runRemote,
  type SentCommand,
} from "@boroughs/bot-sdk"
import { pgliteTemplate } from "@boroughs/store/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaultLimits } from "../config.js"
import { hostedGames } from "../games.js"
import { type RunningServer, startServer } from "../Server.js"

const ORGANISER = "bot-sdk-test-organiser-0123456789"
const execFileAsync = promisify(execFile)
// The SDK as its users run it against this server: its runner in process, its `boroughs-bot` command.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..")
const packageDir = resolve(repoRoot, "packages/bot-sdk")
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

/** The environment of a command run here: no bot token but the one the test gives it. */
const withoutToken = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.startsWith("BOROUGHS_TOKEN")),
)
const secrets = mkdtempSync(join(tmpdir(), "boroughs-bot-secrets-"))
afterAll(() => rmSync(secrets, { recursive: true, force: true }))
/** A token in a file of its own, readable by its owner only, as a secrets mount gives it. */
const secretFile = (token: string): string => {
  const file = join(secrets, `token-${randomBytes(4).toString("hex")}`)
  writeFileSync(file, `${token}\n`, { mode: 0o600 })
  return file
}

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
    // Whole Downtown games end here: their analyses (seconds of a core each) are for the analysis tests.
    analysis: false,
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

  it("bridges the Python example bot to the server: `boroughs-bot run --url --token-file -- python3 bot.py`", async () => {
    const issued = await call("POST", "/api/tokens", { kind: "bot", name: "python" })
    const tokenFile = secretFile(issued.json.token as string)
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
      [cli, "run", "--url", server.url, "--token-file", tokenFile, "--games", "1", "--", "python3", bot],
      { cwd: repoRoot, env: withoutToken, maxBuffer: 16 * 1024 * 1024 },
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
    expect(stderr).not.toContain("warning")
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

/** Fails with `what` unless `promise` settles within `ms`: a runner stuck for good must fail, not hang. */
const within = <A>(ms: number, what: string, promise: Promise<A>): Promise<A> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms),
    ),
  ])

describe("runRemote with a decide that never returns", () => {
  it("still plays the bot's other games: a hung decision in one game holds up no other", async () => {
    const issued = await call("POST", "/api/tokens", { kind: "bot", name: "hangs-in-a" })
    const token = issued.json.token as string
    const game = (gameId: string) =>
      call("POST", "/api/games", {
        game: "downtown",
        seats: 3,
        gameId,
        players: ["bot:hangs-in-a", "bot:beta", "bot:beta"],
        decisionMs: null,
        seed: gameId,
      })
    expect((await game("hang-a")).status).toBe(201)
    let askedInA!: () => void
    const hungInA = new Promise<void>((resolve) => {
      askedInA = resolve
    })
    const abortedInA: string[] = []
    const hangsInA = defineBot({
      name: "hangs-in-a",
      decide: (_view, legal, ctx) => {
        if (ctx.gameId !== "hang-a") return ctx.random.pick(legal)
        ctx.signal.addEventListener("abort", () => abortedInA.push(String(ctx.signal.reason?.message)))
        askedInA()
        return new Promise<never>(() => {})
      },
    })
    const quiet = () => {}
    const hanging = runRemote({ url: server.url, token, bot: hangsInA, games: 1, log: quiet })
    await within(30_000, "the bot was asked in game A", hungInA)
    // Only now game B: its decisions come while the bot still owes game A its answer.
    expect((await game("hang-b")).status).toBe(201)
    const beta = runRemote({
      url: server.url,
      token: tokens.beta as string,
      bot: randomBot,
      games: 1,
      log: quiet,
    })
    const [summary, betaSummary] = await within(
      60_000,
      "game B played to its end",
      Promise.all([hanging, beta]),
    )

    expect(summary.stopped).toBe("games")
    expect(summary.ended.map((e) => e.gameId)).toEqual(["hang-b"])
    expect(betaSummary.ended.map((e) => e.gameId)).toEqual(["hang-b"])
    expect(summary.commands.filter((c) => c.gameId === "hang-b").length).toBeGreaterThan(0)
    expect(summary.commands.filter((c) => c.gameId === "hang-a")).toEqual([])
    // The runner stopped without waiting for the hung decide, and told it so.
    expect(abortedInA).toEqual(["stopped"])
    expect(summary.skipped.superseded).toBe(1)
    expect((await call("GET", "/api/games/hang-b")).json.status).toBe("ended")
    expect((await call("GET", "/api/games/hang-a")).json.status).not.toBe("ended")
  })

  it("abandons a decision at its deadline: its signal is aborted, it counts late, and the seat's next turn is asked", async () => {
    const issued = await call("POST", "/api/tokens", { kind: "bot", name: "hangs-once" })
    const created = await call("POST", "/api/games", {
      game: "downtown",
      seats: 3,
      gameId: "hang-clock",
      players: ["bot:hangs-once", "bot:beta", "bot:beta"],
      decisionMs: 1_500,
      seed: "hang-clock",
    })
    expect(created.status).toBe(201)
    const asked: number[] = []
    /** The first decision, left hanging: its deadline, and when and why its signal was aborted. */
    const hung: { deadline?: number | null; abortedAt?: number; reason?: string } = {}
    const hangsOnce = defineBot({
      name: "hangs-once",
      decide: (_view, legal, ctx) => {
        asked.push(ctx.version)
        if (asked.length > 1) return ctx.random.pick(legal)
        hung.deadline = ctx.deadline
        ctx.signal.addEventListener("abort", () => {
          hung.abortedAt = Date.now()
          hung.reason = String(ctx.signal.reason?.message)
        })
        return new Promise<never>(() => {})
      },
    })
    const quiet = () => {}
    const [summary] = await within(
      90_000,
      "the clocked game played to its end",
      Promise.all([
        runRemote({
          url: server.url,
          token: issued.json.token as string,
          bot: hangsOnce,
          games: 1,
          log: quiet,
        }),
        runRemote({ url: server.url, token: tokens.beta as string, bot: randomBot, games: 1, log: quiet }),
      ]),
    )
    expect(hung.reason).toBe("timeout")
    expect(typeof hung.deadline).toBe("number")
    // Aborted at the decision's deadline (a timer may fire a few ms early by the wall clock), not later.
    expect(hung.abortedAt).toBeGreaterThanOrEqual((hung.deadline as number) - 10)
    expect(hung.abortedAt).toBeLessThan((hung.deadline as number) + 1_000)
    expect(summary.skipped.late).toBe(1)
    // The seat's later decisions in the same game were asked and answered.
    expect(asked.length).toBeGreaterThan(1)
    expect(asked[1]).toBeGreaterThan(asked[0] as number)
    expect(summary.commands.filter((c) => c.result === "accepted").length).toBeGreaterThan(0)
    expect(summary.ended.map((e) => e.gameId)).toEqual(["hang-clock"])
  })
})

describe("runRemote with hooks that hang or throw", () => {
  it("goes on without a gameStarted that never returns and a gameEnded that throws: the game is played to its end", async () => {
    const issued = await call("POST", "/api/tokens", { kind: "bot", name: "hooked" })
    const created = await call("POST", "/api/games", {
      game: "downtown",
      seats: 3,
      gameId: "hooks-hang",
      players: ["bot:hooked", "bot:beta", "bot:beta"],
      decisionMs: null,
      seed: "hooks-hang",
    })
    expect(created.status).toBe(201)
    const logs: string[] = []
    const hooked = defineBot({
      name: "hooked",
      decide: (_view, legal, ctx) => ctx.random.pick(legal),
      gameStarted: () => new Promise<never>(() => {}),
      gameEnded: () => {
        throw new Error("the hook broke")
      },
    })
    const [summary] = await within(
      60_000,
      "the game played to its end past the hooks",
      Promise.all([
        runRemote({
          url: server.url,
          token: issued.json.token as string,
          bot: hooked,
          games: 1,
          hookTimeoutMs: 200,
          log: (line) => logs.push(line),
        }),
        runRemote({ url: server.url, token: tokens.beta as string, bot: randomBot, games: 1, log: () => {} }),
      ]),
    )
    expect(summary.ended.map((e) => e.gameId)).toEqual(["hooks-hang"])
    expect(summary.commands.filter((c) => c.result === "accepted").length).toBeGreaterThan(0)
    expect(logs).toContainEqual(
      expect.stringMatching(/gameStarted for hooks-hang has not returned after 200 ms/),
    )
    expect(logs).toContainEqual(expect.stringMatching(/gameEnded for hooks-hang failed: the hook broke/))
  })
})

describe("boroughs-bot's bot token: from the environment or a file, never needed on the command line", () => {
  /** Runs `boroughs-bot` from source with `args`; resolves with its exit code and output, never rejects. */
  const boroughsBot = (args: ReadonlyArray<string>) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolvePromise) => {
      execFile(
        tsx,
        [cli, ...args],
        { cwd: repoRoot, env: withoutToken, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) =>
          resolvePromise({ code: error === null ? 0 : (error.code as number | null), stdout, stderr }),
      )
    })

  it("`--token` still works but warns, in one line, that the process list shows it", async () => {
    const issued = await call("POST", "/api/tokens", { kind: "bot", name: "argv" })
    const created = await call("POST", "/api/games", {
      game: "downtown",
      seats: 3,
      gameId: "argv-token",
      players: ["bot:argv", "bot:beta", "bot:beta"],
      decisionMs: null,
      seed: "argv-token",
    })
    expect(created.status).toBe(201)
    const [played] = await Promise.all([
      boroughsBot([
        "play",
        "--url",
        server.url,
        "--token",
        issued.json.token as string,
        "--bot",
        "random",
        "--games",
        "1",
      ]),
      runRemote({ url: server.url, token: tokens.beta as string, bot: randomBot, games: 1, log: () => {} }),
    ])
    expect(played.code, played.stderr).toBe(0)
    const warnings = played.stderr.split("\n").filter((line) => line.includes("warning"))
    expect(warnings).toEqual([
      "boroughs-bot: warning: --token on the command line shows in the process list; use $BOROUGHS_TOKEN or --token-file",
    ])
    expect(played.stderr).toContain("1 game(s) ended")
  })

  it("refuses a token file it cannot read, or an empty one, with exit code 2 and says which and why", async () => {
    const missing = join(secrets, "no-such-token")
    const folder = join(secrets, "a-folder")
    mkdirSync(folder)
    const empty = secretFile("")
    const cases: ReadonlyArray<[ReadonlyArray<string>, string]> = [
      [
        ["play", "--url", server.url, "--token-file", missing],
        `cannot read the bot token from ${missing}: ENOENT`,
      ],
      [
        ["play", "--url", server.url, "--token-file", folder],
        `cannot read the bot token from ${folder}: EISDIR`,
      ],
      [["play", "--url", server.url, "--token-file", empty], `the token file ${empty} is empty`],
      // The bridge refuses before it starts the bot program (which would otherwise wait for its hello).
      [
        ["run", "--url", server.url, "--token-file", missing, "--", "python3", bot],
        `cannot read the bot token from ${missing}: ENOENT`,
      ],
    ]
    const ran = await Promise.all(cases.map(([args]) => boroughsBot(args)))
    for (const [i, [args, message]] of cases.entries()) {
      const r = ran[i] as Awaited<ReturnType<typeof boroughsBot>>
      expect(r.code, `${args.join(" ")}\n${r.stderr}`).toBe(2)
      expect(r.stderr).toBe(`boroughs-bot: ${message}\n`)
    }
  })
})
