import { AxeBuilder } from "@axe-core/playwright"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, context, signIn } from "./browser"

// axe on every page of the admin app, signed in: no serious or critical finding, no skipped heading level.

/** axe's findings that fail the page, one line each: "rule (impact): targets". */
const failing = async (page: Page): Promise<string[]> => {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze()
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.id === "heading-order")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

let browser: Browser
let page: Page
let tournamentId = ""

const organiserPost = async (path: string, body: unknown) => {
  const response = await fetch(`${context().apiUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${context().organiser}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  const json = await response.json()
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

beforeAll(async () => {
  browser = await connect()
  // A context of its own: axe opens a second page in it to gather its results, and the sign-in cookie is its.
  const browsing = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  page = await browsing.newPage()
  page.setDefaultTimeout(60_000)
  tournamentId = (
    await organiserPost("/api/tournaments", {
      name: "Axe cup",
      game: "bluff-dice",
      format: "swiss",
      rounds: 1,
      tableSize: 3,
      entrants: ["a", "b", "c"].map((id) => ({ id: `axe-${id}`, plays: "builtin:random" })),
    })
  ).tournamentId
  await organiserPost("/api/games", {
    game: "uptown",
    seats: 4,
    gameId: "e2e-axe-board",
    players: ["player:ann", "builtin:heuristic", "builtin:heuristic", "builtin:heuristic"],
    seed: "e2e-axe-board",
    decisionMs: null,
  })
})
afterAll(async () => {
  await browser?.close()
})

describe("accessibility of the admin app (axe)", () => {
  it("the sign-in page", async () => {
    await page.goto(`${context().appUrl}/`)
    await page.getByLabel("Organiser token").waitFor()
    expect(await failing(page)).toEqual([])
  })

  it("every page once signed in: tournaments, a tournament, a round, its audit, a game's board, tokens, names", async () => {
    await signIn(page)
    await page.waitForURL(/\/tournaments$/)
    const pages: Array<[string, (p: Page) => Promise<unknown>]> = [
      ["/tournaments", (p) => p.getByTestId("new-tournament").waitFor()],
      [
        `/tournaments/${tournamentId}`,
        (p) => p.getByTestId("status").filter({ hasText: "ended" }).waitFor({ timeout: 120_000 }),
      ],
      [`/tournaments/${tournamentId}/rounds/1`, (p) => p.getByTestId("print-pairings").waitFor()],
      [
        `/tournaments/${tournamentId}/audit`,
        (p) => p.getByTestId("text-report").filter({ hasText: "SOUND" }).waitFor(),
      ],
      [
        "/games/e2e-axe-board",
        (p) => p.getByRole("region", { name: "Uptown board" }).locator("svg").first().waitFor(),
      ],
      ["/tokens", (p) => p.getByRole("heading", { name: "All tokens" }).waitFor()],
      ["/names", (p) => p.getByTestId("name-form").waitFor()],
    ]
    for (const [path, ready] of pages) {
      await page.goto(`${context().appUrl}${path}`)
      await ready(page)
      expect(await failing(page), path).toEqual([])
    }
  })
})
