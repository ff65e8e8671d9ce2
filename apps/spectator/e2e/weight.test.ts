import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, context, e2e, newPage, waitForVersion } from "./browser"
import { startFromForm } from "./playing"

// What a visitor's browser downloads and parses: the JavaScript of a page, decoded (after compression), as
// Chromium's resource timing counts it once the page has loaded and settled. These budgets guard what was
// won (the game page from 1,530 KB to about 870 KB, the lobby from 779 KB to about 460 KB): Next.js's own
// runtime is 435 KB of it on every page, so the lighter targets first asked for (500 and 250 KB) cannot be
// met on this stack; docs/research/page-weight.md has the figures.

const KB = 1024

/** The JavaScript a page loaded, decoded, per file and in all. */
const scriptBytes = async (
  page: Page,
  settled: "network" | "scripts" = "network",
): Promise<{ total: number; files: Array<[string, number]> }> => {
  // Quiet for a moment: chunks loaded after hydration (a lazy chart) count too. A live page's stream stays
  // open, so the network is never quiet there: then until no script has come for a moment.
  if (settled === "network") await page.waitForLoadState("networkidle")
  else
    await page.waitForFunction(
      () => {
        const w = window as unknown as { scriptsSeen?: number; scriptsSince?: number }
        const n = performance.getEntriesByType("resource").filter((e) => /\.js(\?|$)/.test(e.name)).length
        if (w.scriptsSeen !== n) {
          w.scriptsSeen = n
          w.scriptsSince = performance.now()
          return false
        }
        return performance.now() - (w.scriptsSince ?? 0) > 1_000
      },
      undefined,
      { polling: 100 },
    )
  const files = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => /\.js(\?|$)/.test(e.name))
      .map(
        (e) =>
          [new URL(e.name).pathname, (e as PerformanceResourceTiming).decodedBodySize] as [string, number],
      ),
  )
  return { total: files.reduce((n, [, size]) => n + size, 0), files: files.sort((a, b) => b[1] - a[1]) }
}

const report = (name: string, w: { total: number; files: Array<[string, number]> }) =>
  console.log(
    `${name}: ${(w.total / KB).toFixed(0)} KB of JavaScript decoded; largest ${w.files
      .slice(0, 4)
      .map(([file, size]) => `${file.split("/").pop()} ${(size / KB).toFixed(0)} KB`)
      .join(", ")}`,
  )

describe.skipIf(e2e() === null)("page weight", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connect()
  })
  afterAll(() => browser?.close())

  it("an ended game's page loads at most 950 KB of JavaScript, decoded: its own game's code, no other", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=5`)
    await waitForVersion(page, 5)
    const weight = await scriptBytes(page)
    report("game page", weight)
    expect(weight.total).toBeLessThanOrEqual(950 * KB)
    // The four other games' boards and rules are chunks of their own that a Downtown page never asks for:
    // no script it loaded carries their titles.
    expect(await page.evaluate(() => document.querySelector("section.bui-board")?.className)).toContain(
      "bui-game-downtown",
    )
    const code = await page.evaluate(
      async (files) => {
        const texts = await Promise.all(files.map((f) => fetch(f).then((r) => r.text())))
        return texts.join("\n")
      },
      weight.files.map(([file]) => file),
    )
    expect(code).toContain("Downtown")
    for (const other of ["Urban Sprawl", "Suburbia", "Manhattan", "Uptown"]) expect(code).not.toContain(other)
    await page.close()
  })

  it("a play page loads at most 950 KB of JavaScript, decoded: its own game's code, no other", async () => {
    const { siteUrl } = context()
    // A browser of its own: the game started from the form is this context's seat.
    const browsing = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    try {
      const page = await browsing.newPage()
      page.setDefaultTimeout(60_000)
      const gameId = await startFromForm(page, siteUrl, {
        game: "uptown",
        seats: ["me", "house:random"],
        name: "Wei",
        clock: "2m",
      })
      // Measured on a load of its own: the form's scripts are not the play page's.
      await page.goto(`${siteUrl}/games/${gameId}/play`)
      await page.locator("[data-testid=play-screen][data-interactive=true]").waitFor()
      const weight = await scriptBytes(page, "scripts")
      report("play page", weight)
      expect(weight.total).toBeLessThanOrEqual(950 * KB)
      const code = await page.evaluate(
        async (files) => (await Promise.all(files.map((f) => fetch(f).then((r) => r.text())))).join("\n"),
        weight.files.map(([file]) => file),
      )
      expect(code).toContain("Uptown")
      for (const other of ["Urban Sprawl", "Suburbia", "Manhattan", "Downtown"])
        expect(code).not.toContain(other)
    } finally {
      await browsing.close()
    }
  })

  it("the lobby loads at most 500 KB of JavaScript, decoded, and no chart or effect runtime", async () => {
    const { siteUrl } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/`)
    await page.getByRole("heading", { level: 1 }).first().waitFor()
    const weight = await scriptBytes(page)
    report("lobby", weight)
    expect(weight.total).toBeLessThanOrEqual(500 * KB)
    // What the lobby's own code weighs beyond Next.js's runtime: a list of games, not a game engine.
    expect(weight.files.filter(([, size]) => size > 50 * KB)).toHaveLength(2)
    await page.close()
  })
})
