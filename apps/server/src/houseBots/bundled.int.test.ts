import { type ChildProcess, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eventually, http } from "../testing.js"
import { type RecordedMove, researched } from "./searchedMoves.js"

// The server ships bundled (`pnpm build`, run as `node dist/main.js`): its house bots' worker thread and its
// analysis thread are entries of their own in the bundle. This builds the server as its build script says,
// into a folder of its own, plays a searched game on it and reads the game's analysis.

const serverDir = resolve(import.meta.dirname, "../..")
const token = "bundled-organiser-secret-0123456789"
let outdir: string
let home: string
let child: ChildProcess
let url: string

beforeAll(async () => {
  // Beside the server's node_modules: the bundle loads PGlite (kept external) from there, as dist/ does.
  mkdirSync(join(serverDir, "node_modules/.cache"), { recursive: true })
  outdir = mkdtempSync(join(serverDir, "node_modules/.cache/bundle-"))
  home = mkdtempSync(join(tmpdir(), "boroughs-bundled-"))
  const script: string = JSON.parse(readFileSync(join(serverDir, "package.json"), "utf8")).scripts.build
  const entryPoints = [...script.matchAll(/(\S+\.ts)=(\S+)/g)].map(([, input, out]) => ({
    in: join(serverDir, input as string),
    out: out as string,
  }))
  expect(entryPoints.map((e) => e.out)).toEqual(["main", "houseSearchWorker", "analysisWorker"])
  const { bundle } = await import(pathToFileURL(resolve(serverDir, "../../scripts/bundle.mjs")).href)
  await bundle({ entryPoints, outdir })

  child = spawn(process.execPath, [join(outdir, "main.js"), "--port", "0", "--db", join(home, "data")], {
    env: {
      ...process.env,
      BOROUGHS_HOME: home,
      BOROUGHS_ORGANISER_TOKEN: token,
      BOROUGHS_HOUSE_SEARCH_THREADS: "1",
      // Few rollouts: the finished game's analysis, on the bundle's analysis thread, takes seconds.
      BOROUGHS_ANALYSIS_ROLLOUTS: "4",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stderr = ""
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk
  })
  url = await new Promise<string>((resolvePromise, reject) => {
    let stdout = ""
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk
      const listening = /listening on (http:\/\/\S+)/.exec(stdout)
      if (listening?.[1] !== undefined) resolvePromise(listening[1])
    })
    child.once("exit", (code) => reject(new Error(`the bundled server exited (${code}): ${stderr}`)))
  })
})

afterAll(async () => {
  if (child !== undefined && child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r))
    child.kill("SIGTERM")
    await exited
  }
  if (outdir !== undefined) rmSync(outdir, { recursive: true, force: true })
  if (home !== undefined) rmSync(home, { recursive: true, force: true })
})

describe("the bundled server", () => {
  it("plays a searching house bot's seat on its bundled worker thread, to the game's end", async () => {
    const api = http(url)
    const created = await api.post(
      "/api/games",
      {
        game: "uptown",
        seats: 2,
        gameId: "bundled",
        seed: "seed-bundled",
        players: ["builtin:ismcts:30i", "builtin:heuristic"],
        decisionMs: null,
      },
      token,
    )
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    await eventually(
      "the bundled game ends",
      () => api.get("/api/games/bundled", token),
      (r) => r.json.status === "ended",
      { timeoutMs: 60_000, intervalMs: 100 },
    )
    const events: ReadonlyArray<RecordedMove & { metadata: { actor?: string } }> = (
      await api.get("/api/games/bundled/events?limit=1000", token)
    ).json.events
    expect(new Set(events.filter((e) => e.metadata.seat === 0).map((e) => e.metadata.actor))).toEqual(
      new Set(["builtin:ismcts:30i"]),
    )
    expect((await api.get("/api/games/bundled/audit", token)).json.replay.ok).toBe(true)
    // Searched on the bundle's worker thread, not played by a fallback: each move is the search's answer.
    const { recorded, searched } = researched("uptown", "bundled", "seed-bundled", 2, 0, 30, events)
    expect(recorded.length).toBeGreaterThan(3)
    expect(searched).toEqual(recorded)
  })

  it("analyses the finished game on its bundled analysis thread", async () => {
    const api = http(url)
    const analysis = await eventually(
      "the bundled game's analysis is ready",
      // A keep-alive connection the server let go of while the test before searched may be refused once.
      () => api.get("/api/games/bundled/analysis").catch(() => null),
      (r) => r?.json.status === "ready",
      { timeoutMs: 60_000, intervalMs: 200 },
    )
    const detail = (await api.get("/api/games/bundled")).json
    expect(analysis?.json).toMatchObject({ gameId: "bundled", game: "uptown", seats: 2 })
    expect(analysis?.json.positions.at(-1).version).toBe(detail.version)
  })
})
