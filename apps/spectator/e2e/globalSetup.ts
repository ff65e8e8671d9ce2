import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { buildNextApp, e2eHarness, freePort, newOrganiserToken } from "@boroughs/web-shared/e2e"
import type { TestProject } from "vitest/node"
import { api, play } from "./api"

export const siteDir = resolve(dirname(fileURLToPath(import.meta.url)), "..")

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
  const harness = e2eHarness("spectator")
  const organiser = newOrganiserToken()
  try {
    await buildNextApp(siteDir, ["board-ui", "core", "protocol", "web-shared"])
    // Finished games are analysed in the background (the replay's win chances and mistakes): few rollouts
    // keep that to seconds beside the suite on a two-core machine.
    const apiUrl = await harness.startGameServer({ organiser, env: { BOROUGHS_ANALYSIS_ROLLOUTS: "8" } })
    const games = await seed(apiUrl, organiser)
    const siteUrl = await harness.startNextApp(siteDir, apiUrl)
    const deadSiteUrl = await harness.startNextApp(siteDir, `http://127.0.0.1:${await freePort()}`)
    const browser = await harness.launchBrowser()
    project.provide("e2e", { siteUrl, deadSiteUrl, apiUrl, organiser, browser, games })
  } catch (error) {
    await harness.teardown()
    throw error
  }
  return harness.teardown
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
