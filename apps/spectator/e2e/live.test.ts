import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, play } from "./api"
import { connect, context, e2e, newPage, screenshot, shownVersion, waitForVersion } from "./browser"

describe.skipIf(e2e() === null)("a live game", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connect()
  })
  afterAll(() => browser?.close())

  it("advances on the page as the players' moves arrive, and the log narrates them", async () => {
    const { siteUrl, apiUrl, organiser, games } = context()
    const a = api(apiUrl, organiser)
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.live}`)
    const before = (await a.get(`/api/games/${games.live}`, false)).version
    await waitForVersion(page, before)
    expect(await page.getByTestId("follow-live").getAttribute("aria-pressed")).toBe("true")
    await page.locator(`[data-testid=event-log] li[data-version="${before}"]`).waitFor()

    const after = (await play(a, games.live, 4)).version
    expect(after).toBeGreaterThan(before)
    await waitForVersion(page, after)
    const newest = page.locator(`[data-testid=event-log] li[data-version="${after}"]`)
    await newest.waitFor()
    expect((await newest.textContent())?.length).toBeGreaterThan(5)
    expect(await page.getByTestId("position").textContent()).toContain(`Position ${after} of ${after}`)
    await screenshot(page, "live")

    // Stepping back leaves live mode; further moves extend the game but do not move the position shown.
    await page.keyboard.press("ArrowLeft")
    await waitForVersion(page, after - 1)
    const later = (await play(a, games.live, 2)).version
    await page
      .getByTestId("position")
      .filter({ hasText: `of ${later}` })
      .waitFor()
    expect(await shownVersion(page)).toBe(after - 1)
    await page.getByTestId("follow-live").click()
    await waitForVersion(page, later)
    await page.close()
  })

  it("shows each owing seat's time left, counting down, and says when a game has no clock", async () => {
    const { siteUrl, apiUrl, organiser, games } = context()
    const a = api(apiUrl, organiser)
    // Created here rather than in the global setup: its clock runs from now (ten minutes: it never plays
    // during the suite). Creating it again on a retry is idempotent.
    const detail = await a.post("/api/games", {
      game: "downtown",
      seats: 4,
      gameId: "e2e-clocked",
      seed: "e2e-seed-e2e-clocked",
      decisionMs: 600_000,
      players: ["bot:ada", "bot:ben", "bot:cy", "bot:dee"],
    })
    const seat = detail.pending[0] as number
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/e2e-clocked`)
    await waitForVersion(page, detail.version)
    const clock = page.locator(`[data-testid=standings] tr[data-seat="${seat}"] [data-testid=clock]`)
    await clock.filter({ hasText: /^\d\d:\d\d$/ }).waitFor()
    const secondsOf = (text: string | null) => {
      const [m, s] = (text ?? "").split(":").map(Number)
      return (m ?? 0) * 60 + (s ?? 0)
    }
    const first = secondsOf(await clock.textContent())
    expect(first).toBeGreaterThan(500)
    expect(first).toBeLessThanOrEqual(600)
    // It ticks in the browser, with no event from the server.
    await page.waitForFunction(
      ([selector, shown]) => {
        const [m, s] = (document.querySelector(selector)?.textContent ?? "").split(":").map(Number)
        return (m ?? 0) * 60 + (s ?? 0) < shown
      },
      [`[data-testid=standings] tr[data-seat="${seat}"] [data-testid=clock]`, first] as const,
    )
    // Only the seats that owe a decision have a clock.
    const owing = (await page
      .locator("[data-testid=standings] [data-testid=clock]")
      .evaluateAll((es) => es.map((e) => Number(e.getAttribute("data-seat"))).sort())) as number[]
    expect(owing).toEqual([...detail.pending].sort())
    await page.close()

    const unclocked = await newPage(browser)
    await unclocked.goto(`${siteUrl}/games/${games.live}`)
    const owner = (await a.get(`/api/games/${games.live}`, false)).pending[0] as number
    await unclocked
      .locator(`[data-testid=standings] tr[data-seat="${owner}"]`)
      .filter({ hasText: "no clock" })
      .waitFor()
    expect(await unclocked.locator("[data-testid=clock]").count()).toBe(0)
    await unclocked.close()
  })
})
