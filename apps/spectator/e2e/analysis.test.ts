import { downtownRenderer } from "@boroughs/board-ui/games/downtown"
import { describeCommandWith, seatInfos, seatName } from "@boroughs/board-ui/kit"
import type { AnalysisReady } from "@boroughs/protocol"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type MistakeNote, mistakeNotes, mistakeVersions, previousMistake } from "../lib/analysis"
import { findings } from "./axe"
import { connect, context, e2e, newPage, screenshot, waitForVersion } from "./browser"

/** How long the server may take to analyse the finished game (it started when the seeding ended it). */
const ANALYSIS_WAIT_MS = 300_000

/**
 * The finished game's analysis once the server has computed it, or why there is none: a server without
 * analyses answers 404 (the route) and the tests that need one skip, saying so.
 */
const waitForAnalysis = async (
  apiUrl: string,
  gameId: string,
): Promise<{ analysis: AnalysisReady } | { missing: string }> => {
  const deadline = Date.now() + ANALYSIS_WAIT_MS
  let last = ""
  while (Date.now() < deadline) {
    const r = await fetch(`${apiUrl}/api/games/${gameId}/analysis`)
    const body = await r.json().catch(() => null)
    if (r.status === 404) return { missing: `the game server has no analysis of ${gameId} (404)` }
    if (r.ok && body?.status === "ready") return { analysis: body as AnalysisReady }
    if (!r.ok && r.status !== 409)
      throw new Error(`analysis of ${gameId}: ${r.status} ${JSON.stringify(body)}`)
    last = JSON.stringify(body)
    await new Promise((done) => setTimeout(done, 1_000))
  }
  throw new Error(`the analysis of ${gameId} was not ready after ${ANALYSIS_WAIT_MS / 1000} s: ${last}`)
}

describe.skipIf(e2e() === null)("a finished game's analysis on its replay", () => {
  let browser: Browser
  let analysis: AnalysisReady | null = null
  let missing = ""
  /** The mistakes as the page should word them (the game's seat names, Downtown's command words). */
  let notes: MistakeNote[] = []
  beforeAll(async () => {
    browser = await connect()
    const { apiUrl, games } = context()
    const found = await waitForAnalysis(apiUrl, games.finished)
    if ("missing" in found) {
      missing = found.missing
      return
    }
    analysis = found.analysis
    const detail = await (await fetch(`${apiUrl}/api/games/${games.finished}`)).json()
    const seats = seatInfos(detail.players, detail.names)
    notes = mistakeNotes(
      analysis.mistakes,
      (s) => seatName(seats, s),
      (command) => describeCommandWith(downtownRenderer, command, seats),
    )
    // What the graph and the list below are checked against (the seeded game and the analysis are the same
    // every run: a change here is a change of the server's analysis, not noise).
    console.log(
      `analysis of ${games.finished}: ${analysis.positions.length} positions, ${analysis.perPosition} rollouts each, ${notes.length} mistakes, ${analysis.elapsedMs} ms`,
    )
  })
  afterAll(() => browser?.close())

  const atOf = (page: Page) => new URL(page.url()).searchParams.get("at")

  it("asks for an ended game's analysis, never for a live game's", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    const asked: string[] = []
    page.on("request", (r) => {
      if (r.url().includes("/analysis")) asked.push(r.url())
    })
    await page.goto(`${siteUrl}/games/${games.live}`)
    await page.locator("[data-testid=game-screen][data-interactive=true]").waitFor()
    await page.waitForTimeout(1_500)
    expect(asked).toEqual([])
    const asking = page.waitForRequest((r) => r.url().endsWith(`/api/games/${games.finished}/analysis`))
    await page.goto(`${siteUrl}/games/${games.finished}?at=1`)
    await asking
    await waitForVersion(page, 1)
    await page.close()
  })

  it("graphs each seat's win chance, jumps by click, list and keys to the mistakes, and passes axe", async ({
    skip,
  }) => {
    if (analysis === null) skip(missing)
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=1`)
    await waitForVersion(page, 1)

    // The toggle shows once the page has the analysis; the win chances replace the scores.
    await page.getByTestId("chart-chances").click()
    expect(await page.getByTestId("chart-chances").getAttribute("aria-pressed")).toBe("true")
    expect(await page.getByTestId("chart-scores").getAttribute("aria-pressed")).toBe("false")
    const chart = page.getByTestId("win-chance-chart")
    await chart.locator(".bui-chart-line").first().waitFor()
    expect(await chart.locator(".bui-chart-line").count()).toBe(4)
    expect(await chart.locator("svg text").allTextContents()).toEqual(expect.arrayContaining(["0%", "100%"]))
    expect(await page.getByTestId("score-chart").count()).toBe(0)
    // Each mistake is a ringed dot on its seat's line, its words as the dot's title.
    expect(await chart.locator(".bui-chart-callout").count()).toBe(notes.length)
    if (notes.length > 0)
      expect(await chart.locator(".bui-chart-callout title").first().textContent()).toBe(notes[0]?.text)

    // A click on the graph goes to the position under the pointer.
    const plot = await chart.locator("svg").boundingBox()
    if (plot === null) throw new Error("the win-chance graph is not drawn")
    await page.mouse.click(plot.x + plot.width * 0.6, plot.y + plot.height / 2)
    await page.waitForFunction(() => new URL(window.location.href).searchParams.get("at") !== "1")
    await waitForVersion(page, Number(atOf(page)))

    if (notes.length === 0) {
      expect(await page.getByTestId("mistakes").textContent()).toContain("no mistakes")
      await page.close()
      return
    }
    const versions = mistakeVersions(notes)
    const first = versions[0] as number
    const lastNote = notes[notes.length - 1] as MistakeNote

    // "m" from the start goes to the first mistake.
    await page.keyboard.press("Home")
    await waitForVersion(page, 1)
    await page.keyboard.press("m")
    await waitForVersion(page, first)
    expect(atOf(page)).toBe(String(first))

    // The list under the chart says each mistake in words; a click goes to where it was made.
    const list = page.getByTestId("mistakes")
    await list.locator("summary").click()
    expect(await list.locator("summary").textContent()).toBe(
      `${notes.length} mistake${notes.length === 1 ? "" : "s"}`,
    )
    expect(await list.locator("li").first().textContent()).toContain(notes[0]?.text)
    await list.getByRole("button").last().click()
    await waitForVersion(page, lastNote.version)
    expect(atOf(page)).toBe(String(lastNote.version))
    expect(await list.getByRole("button").last().getAttribute("aria-current")).toBe("step")
    await screenshot(page, "replay-win-chances")
    // The notes' words for screen readers stay inside the scrolling log: the page keeps its height.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3_000)
    // The event log says it too, at the event of the command.
    expect(
      await page
        .locator(`[data-testid=event-log] li[data-version="${lastNote.event}"] [data-testid=log-mistake]`)
        .allTextContents(),
    ).toEqual(expect.arrayContaining([expect.stringContaining(lastNote.text)]))

    // Shift+M and the buttons step back and forth between them.
    const before = previousMistake(versions, lastNote.version)
    if (before !== null) {
      await page.keyboard.press("Shift+M")
      await waitForVersion(page, before)
      await page.getByTestId("next-mistake").click()
      await waitForVersion(page, lastNote.version)
      await page.getByTestId("previous-mistake").click()
      await waitForVersion(page, before)
    }
    await page.close()

    // axe, on the page showing the win chances and the open list (a context of its own: axe needs one).
    const browsing = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const checked = await browsing.newPage()
    checked.setDefaultTimeout(60_000)
    await checked.goto(`${siteUrl}/games/${games.finished}?at=${first}`)
    await waitForVersion(checked, first)
    await checked.getByTestId("chart-chances").click()
    await checked.getByTestId("win-chance-chart").waitFor()
    await checked.getByTestId("mistakes").locator("summary").click()
    expect(await findings(checked)).toEqual([])
    await browsing.close()
  })
})
