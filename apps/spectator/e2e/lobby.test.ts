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
    // Live games come first, in their own section, so a "live" link opens a live game.
    expect(await page.getByTestId("live-now").locator(`tr[data-game-id="${games.live}"]`).count()).toBe(1)
    expect(await page.getByTestId("game-page").locator(`tr[data-game-id="${games.finished}"]`).count()).toBe(
      1,
    )
    const order = await page
      .locator("tr[data-game-id]")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-status")))
    expect(order.indexOf("ended")).toBeGreaterThan(order.lastIndexOf("live"))
    // Each game says what it is.
    expect(await page.getByTestId("game-guide").locator('[data-game="downtown"]').textContent()).toMatch(
      /secret vote/,
    )
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

  it("searches by player, by seat holder or bare name, keeping the search in the URL", async () => {
    const { siteUrl, apiUrl, organiser, games } = context()
    const r = await fetch(`${apiUrl}/api/games`, {
      method: "POST",
      headers: { authorization: `Bearer ${organiser}`, "content-type": "application/json" },
      body: JSON.stringify({
        game: "manhattan",
        seats: 2,
        gameId: "e2e-search",
        decisionMs: null,
        players: ["bot:zed", null],
      }),
    })
    expect(r.status).toBe(201)
    const page = await newPage(browser)
    await page.goto(siteUrl)
    await page.locator('tr[data-game-id="e2e-search"]').waitFor()
    await page.getByTestId("filter-player").fill("zed")
    await page.getByTestId("search-player").click()
    await page.waitForURL(/player=zed/)
    await page.locator(`tr[data-game-id="${games.live}"]`).waitFor({ state: "detached" })
    expect(await page.locator("tr[data-game-id]").count()).toBe(1)

    await page.getByTestId("filter-player").fill("bot:ada")
    await page.getByTestId("search-player").click()
    await page.waitForURL(/player=bot%3Aada/)
    await page.locator('tr[data-game-id="e2e-search"]').waitFor({ state: "detached" })
    expect(await page.locator(`tr[data-game-id="${games.live}"]`).count()).toBe(1)
    expect(await page.locator(`tr[data-game-id="${games.finished}"]`).count()).toBe(1)

    await page.goto(`${siteUrl}/?player=bot:nobody`)
    await page.getByTestId("lobby").waitFor()
    expect(await page.locator("tr[data-game-id]").count()).toBe(0)
    await page.goto(`${siteUrl}/?player=${encodeURIComponent("Not a name")}`)
    await page.getByTestId("bad-search").waitFor()
    await page.close()
  })

  // Last: its many live games push the seeded ones off the first page of "Live now".
  it("pages through more games than a page holds, older and newer, with the cursor in the URL", async () => {
    const { siteUrl, apiUrl, organiser } = context()
    const ids = Array.from({ length: 55 }, (_, n) => `e2e-page-${String(n + 1).padStart(2, "0")}`)
    for (const gameId of ids) {
      const r = await fetch(`${apiUrl}/api/games`, {
        method: "POST",
        headers: { authorization: `Bearer ${organiser}`, "content-type": "application/json" },
        body: JSON.stringify({
          game: "manhattan",
          seats: 2,
          gameId,
          decisionMs: null,
          players: ["bot:pager", null],
        }),
      })
      expect(r.status).toBe(201)
    }
    for (let i = 0; i < 100; i++) {
      const list = await (await fetch(`${apiUrl}/api/games?player=bot:pager&limit=500`)).json()
      if (list.games.length === ids.length) break
      await new Promise((r) => setTimeout(r, 200))
    }
    const shown = (section: string) =>
      page
        .getByTestId(section)
        .locator("tr[data-game-id]")
        .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-game-id")))
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/?player=pager`)
    await page.getByTestId("more-live").waitFor()
    const first = await shown("live-now")
    expect(first).toEqual([...ids].reverse().slice(0, 50))

    await page.getByTestId("more-live").click()
    await page.waitForURL(/status=live.*before=/)
    await page.getByTestId("newer-games").waitFor()
    expect(await shown("game-page")).toEqual([...ids].reverse().slice(50))
    expect(await page.getByTestId("older-games").count()).toBe(0)

    await page.getByTestId("newer-games").click()
    await page.waitForURL(/after=/)
    await page.getByTestId("older-games").waitFor()
    expect(await shown("game-page")).toEqual(first)
    await page.close()
  })
})
