import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, context, e2e, newPage, screenshot } from "./browser"

describe.skipIf(e2e() === null)("the lobby", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connect()
  })
  afterAll(() => browser?.close())

  it("lists the live game and the finished one, each with its seats and status", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(siteUrl)
    const live = page.locator(`tr[data-game-id="${games.live}"]`)
    await live.waitFor()
    expect(await live.getAttribute("data-status")).toBe("live")
    expect(await live.textContent()).toMatch(/ada.*ben.*cy.*dee/)
    const finished = page.locator(`tr[data-game-id="${games.finished}"]`)
    expect(await finished.getAttribute("data-status")).toBe("ended")
    expect(await finished.textContent()).toMatch(/\(won\)/)
    // Organiser-only games are not listed for spectators.
    expect(await page.locator(`tr[data-game-id="${games.private}"]`).count()).toBe(0)
    await screenshot(page, "lobby")
    await page.close()
  })

  it("filters by status, keeping the filter in the URL", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(siteUrl)
    await page.getByTestId("filter-status").selectOption("ended")
    await page.waitForURL(/status=ended/)
    await page.locator(`tr[data-game-id="${games.live}"]`).waitFor({ state: "detached" })
    expect(await page.locator(`tr[data-game-id="${games.finished}"]`).count()).toBe(1)
    await page.close()
  })

  it("filters by tournament", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(siteUrl)
    await page.locator('tr[data-game-id="e2e-cup-r1-t1"]').waitFor()
    await page.getByTestId("filter-tournament").selectOption("e2e-cup")
    await page.waitForURL(/tournament=e2e-cup/)
    await page.locator(`tr[data-game-id="${games.live}"]`).waitFor({ state: "detached" })
    expect(await page.locator("tr[data-game-id]").count()).toBe(1)
    await page.close()
  })

  it("a game started after the page opened appears without a reload", async () => {
    const { siteUrl, apiUrl, organiser } = context()
    const page = await newPage(browser)
    await page.goto(siteUrl)
    await page.getByTestId("lobby").waitFor()
    const r = await fetch(`${apiUrl}/api/games`, {
      method: "POST",
      headers: { authorization: `Bearer ${organiser}`, "content-type": "application/json" },
      body: JSON.stringify({ game: "manhattan", seats: 2, gameId: "e2e-arrives", decisionMs: null }),
    })
    expect(r.status).toBe(201)
    await page.locator('tr[data-game-id="e2e-arrives"]').waitFor()
    await page.close()
  })
})
