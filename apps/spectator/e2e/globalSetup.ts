import type { ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium } from "playwright-core"
import type { TestProject } from "vitest/node"
import { api, play } from "./api"
import {
  buildIsStale,
  chromiumArgs,
  chromiumPath,
  freePort,
  launch,
  nextBin,
  serverDir,
  siteDir,
  stop,
} from "./processes"

/** What every e2e test file gets (`inject("e2e")`). */
export interface E2eContext {
  readonly siteUrl: string
  /** The same site pointed at a game server that is not running. */
  readonly deadSiteUrl: string
  readonly apiUrl: string
  readonly organiser: string
  readonly browser: string
  readonly games: {
    readonly finished: string
    readonly live: string
    readonly secret: string
    readonly private: string
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    e2e: E2eContext | null
  }
}

/**
 * Once for the whole e2e suite: the production build of the site, a real game server on a free port with
 * an embedded PGlite in a temporary folder, games seeded through its API, the site started twice (on the
 * server, and on a server that is down), and one headless Chromium every test file connects to.
 * Unit tests (lib/) run without any of it: the e2e part is skipped when E2E=0.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E === "0") {
    project.provide("e2e", null)
    return
  }
  const dir = mkdtempSync(join(tmpdir(), "boroughs-e2e-"))
  const organiser = `e2e-${randomBytes(16).toString("hex")}`
  const children: ChildProcess[] = []
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }
  let browserServer: Awaited<ReturnType<typeof chromium.launchServer>> | undefined
  const teardown = async () => {
    await browserServer?.close()
    for (const c of children.reverse()) await stop(c)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    if (buildIsStale()) {
      const build = await launch("next build", process.execPath, [nextBin, "build", "--webpack"], {
        cwd: siteDir,
        env,
        ready: /Route \(app\)/,
        timeoutMs: 900_000,
      })
      await new Promise((done) => build.child.once("exit", done))
      if (build.child.exitCode !== 0) throw new Error("next build failed")
    }

    const apiPort = await freePort()
    const server = await launch(
      "server",
      process.execPath,
      ["--import", "tsx", "src/main.ts", "--port", String(apiPort), "--db", join(dir, "db")],
      {
        cwd: serverDir,
        env: { ...env, BOROUGHS_ORGANISER_TOKEN: organiser, DATABASE_URL: "" },
        ready: /listening on (http:\/\/\S+)/,
        timeoutMs: 180_000,
      },
    )
    children.push(server.child)
    const apiUrl = server.match[1] as string
    const games = await seed(apiUrl, organiser)

    const site = async (apiFor: string) => {
      const port = await freePort()
      const started = await launch(
        "next start",
        process.execPath,
        [nextBin, "start", "--port", String(port)],
        {
          cwd: siteDir,
          env: { ...env, BOROUGHS_API_URL: apiFor },
          ready: /Ready in/,
          timeoutMs: 120_000,
        },
      )
      children.push(started.child)
      return `http://127.0.0.1:${port}`
    }
    const siteUrl = await site(apiUrl)
    const deadSiteUrl = await site(`http://127.0.0.1:${await freePort()}`)

    browserServer = await chromium.launchServer({ executablePath: chromiumPath(), args: chromiumArgs })
    project.provide("e2e", {
      siteUrl,
      deadSiteUrl,
      apiUrl,
      organiser,
      browser: browserServer.wsEndpoint(),
      games,
    })
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}

/** The games the tests watch: one finished, one live, one paused with secret votes in, one organiser-only. */
const seed = async (apiUrl: string, organiser: string) => {
  const a = api(apiUrl, organiser)
  const create = (gameId: string, extra: Record<string, unknown> = {}) =>
    a.post("/api/games", {
      game: "downtown",
      seats: 4,
      gameId,
      seed: `e2e-seed-${gameId}`,
      decisionMs: null,
      players: ["bot:ada", "bot:ben", "bot:cy", "bot:dee"],
      ...extra,
    })
  await create("e2e-finished")
  await play(a, "e2e-finished", 10_000)
  await create("e2e-live")
  await play(a, "e2e-live", 25)
  await create("e2e-secret")
  // Stop while some seats' sealed cards or dials are in and others' are not: secrets nobody else may see.
  await play(a, "e2e-secret", 2_000, (d) => {
    const partial = (xs: boolean[]) => xs.some(Boolean) && !xs.every(Boolean)
    return partial(d.view.voted) || partial(d.view.chosen)
  })
  await create("e2e-private", { spectators: { mode: "private" } })
  // A table of a tournament: its id says which (`<tournament>-r<round>-t<table>`).
  await create("e2e-cup-r1-t1")
  // The lobby projection trails the log by a wake-up: wait until it lists the live game.
  for (let i = 0; i < 100; i++) {
    const list = await a.get("/api/games?status=live", false)
    if (list.games.some((g: { gameId: string }) => g.gameId === "e2e-live")) break
    await new Promise((r) => setTimeout(r, 200))
  }
  return { finished: "e2e-finished", live: "e2e-live", secret: "e2e-secret", private: "e2e-private" }
}
