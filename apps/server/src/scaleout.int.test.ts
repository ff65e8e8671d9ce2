import { type ChildProcess, spawn } from "node:child_process"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { SseParser } from "@boroughs/protocol"
import { freshDatabase } from "@boroughs/store/testing"
import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { http, ORGANISER } from "./testing.js"

const DATABASE_URL = process.env.DATABASE_URL
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "..")

if (!DATABASE_URL)
  console.warn(
    "scale-out test skipped: it needs PostgreSQL; set DATABASE_URL (CI does) to run two server processes",
  )

/** A server process started with `pnpm start`'s entry point; resolves once it prints where it listens. */
const startProcess = (name: string, url: string) =>
  new Promise<{ child: ChildProcess; base: string }>((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/main.ts", "--port", "0", "--fixtures", "--node", name],
      {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: url, BOROUGHS_ORGANISER_TOKEN: ORGANISER },
        stdio: ["ignore", "pipe", "pipe"],
      },
    )
    let out = ""
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${out}`)), 60_000)
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolvePromise({ child, base: m[1] as string })
      }
    })
    child.stderr?.on("data", (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.on("exit", (code) => reject(new Error(`${name} exited (${code}): ${out}`)))
  })

const stopProcess = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done()
    child.once("exit", () => done())
    child.kill("SIGTERM")
  })

/** A spectator's SSE connection: the event versions it received. */
const watch = async (base: string, gameId: string) => {
  const controller = new AbortController()
  const response = await fetch(`${base}/api/games/${gameId}/stream`, { signal: controller.signal })
  const versions: number[] = []
  const parser = new SseParser((e) => {
    if (e.event === "event") versions.push(JSON.parse(e.data).envelope.version)
  })
  const reader = response.body!.getReader()
  void (async () => {
    const decoder = new TextDecoder()
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        parser.feed(decoder.decode(value, { stream: true }))
      }
    } catch {
      // closed
    }
  })()
  return { versions, close: () => controller.abort() }
}

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not in time: ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe.skipIf(!DATABASE_URL)("two server processes on one PostgreSQL", () => {
  let scope: Scope.Closeable
  const nodes: Array<{ child: ChildProcess; base: string }> = []

  beforeAll(async () => {
    scope = await Effect.runPromise(Scope.make())
    const { url } = await Effect.runPromise(freshDatabase(DATABASE_URL as string).pipe(Scope.provide(scope)))
    nodes.push(...(await Promise.all([startProcess("a", url), startProcess("b", url)])))
  })
  afterAll(async () => {
    await Promise.all(nodes.map((n) => stopProcess(n.child)))
    if (scope) await Effect.runPromise(Scope.close(scope, Exit.void))
  })

  it("a command accepted by one replica reaches spectators connected to the other", async () => {
    const [a, b] = nodes as unknown as [{ base: string }, { base: string }]
    const apiA = http(a.base)
    const apiB = http(b.base)
    const created = await apiA.post(
      "/api/games",
      { game: "bluff-dice", seats: 3, gameId: "across", decisionMs: null },
      ORGANISER,
    )
    expect(created.status).toBe(201)
    const onB = await watch(b.base, "across")
    const onA = await watch(a.base, "across")
    await until(
      `both spectators catch up (a: ${onA.versions}, b: ${onB.versions})`,
      () => onB.versions.length === created.json.version && onA.versions.length === created.json.version,
    )
    let last = created.json.version as number
    for (let i = 0; i < 4; i++) {
      const api = i % 2 === 0 ? apiA : apiB // alternate the replica that takes the command
      const { json } = await api.get("/api/games/across", ORGANISER)
      const seat = json.pending[0]
      const { json: asSeat } = await api.get(`/api/games/across?seat=${seat}`, ORGANISER)
      const command = asSeat.decisions.find((d: { seat: number }) => d.seat === seat).legal[0]
      const r = await api.post(
        "/api/games/across/commands",
        { commandId: `x${i}`, seat, command, expectedVersion: json.version },
        ORGANISER,
      )
      expect(r.status).toBe(200)
      const version = r.json.version
      last = version
      await until(
        `version ${version} reaches both`,
        () => onB.versions.includes(version) && onA.versions.includes(version),
      )
    }
    // Each spectator got every event once, in order, whichever replica took the command.
    expect(onB.versions).toEqual(onB.versions.map((_, i) => i + 1))
    expect(onA.versions).toEqual(onB.versions)
    onA.close()
    onB.close()
    // The lobby (kept by whichever replica holds the background lock, a projection that follows the log) is
    // the same on both once it has folded the last command.
    await until(`the lobby lists the game at version ${last}`, async () =>
      (await apiB.get("/api/games")).json.games.some(
        (g: { gameId: string; version: number }) => g.gameId === "across" && g.version === last,
      ),
    )
    expect((await apiA.get("/api/games")).json).toEqual((await apiB.get("/api/games")).json)
  })

  it("background work runs on exactly one replica, and moves to the other when it stops", async () => {
    const health = async () =>
      Promise.all(nodes.map(async (n) => (await http(n.base).get("/api/health")).json))
    await until("one leader", async () => (await health()).filter((h) => h.leader).length === 1)
    const states = await health()
    const leader = states.findIndex((h) => h.leader)
    const follower = nodes[1 - leader] as { base: string }
    // A clocked game: the clock plays each timed-out decision once, on the leader only.
    const api = http(follower.base)
    await api.post(
      "/api/games",
      { game: "bluff-dice", seats: 2, gameId: "clocked", options: { rounds: 1, sides: 4 }, decisionMs: 200 },
      ORGANISER,
    )
    await until(
      "the clocks end the game",
      async () => (await api.get("/api/games/clocked")).json.status === "ended",
      30_000,
    )
    const { json } = await api.get("/api/games/clocked/events?limit=1000")
    const clockIds = json.events
      .filter((e: { metadata: { actor?: string } }) => e.metadata.actor === "clock")
      .map((e: { metadata: { commandId: string } }) => e.metadata.commandId)
    expect(clockIds.length).toBeGreaterThan(0)
    expect(new Set(clockIds).size).toBe(clockIds.length)
    // Stop the leader: the other replica takes the lock.
    await stopProcess((nodes[leader] as { child: ChildProcess }).child)
    await until(
      "the follower takes over",
      async () => (await http(follower.base).get("/api/health")).json.leader === true,
      20_000,
    )
  })
})
