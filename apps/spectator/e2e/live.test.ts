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
})
