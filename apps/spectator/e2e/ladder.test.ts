// biome-ignore-all lint/suspicious/noExplicitAny: tests read whatever JSON the server answered.
import { AxeBuilder } from "@axe-core/playwright"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api } from "./api"
import { connect, context, e2e, newPage, screenshot } from "./browser"

/**
 * A bot on the game server's Uptown ladder, played by this test over the real bot stream (it answers each
 * turn with its first legal command) until it has rated games; the pages then show it.
 */
const ladderBot = async (apiUrl: string, organiser: string, name: string, games: number) => {
  const a = api(apiUrl, organiser)
  const { token } = await a.post("/api/tokens", { kind: "bot", name })
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" }
  const entered = await fetch(`${apiUrl}/api/ladder/entries`, {
    method: "POST",
    headers,
    body: JSON.stringify({ game: "uptown" }),
  })
  if (entered.status !== 201)
    throw new Error(`entering the ladder: ${entered.status} ${await entered.text()}`)
  const stop = new AbortController()
  const stream = await fetch(`${apiUrl}/api/bot/stream`, { headers, signal: stop.signal })
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffered = ""
  let ended = 0
  try {
    while (ended < games) {
      const { value, done } = await reader.read()
      if (done) throw new Error("the bot stream closed")
      buffered += decoder.decode(value, { stream: true })
      const lines = buffered.split("\n")
      buffered = lines.pop() ?? ""
      for (const line of lines.filter(Boolean)) {
        const m = JSON.parse(line)
        if (m.type === "gameEnded") ended++
        if (m.type !== "yourTurn") continue
        await fetch(`${apiUrl}/api/games/${m.gameId}/commands`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            commandId: m.requestId,
            seat: m.seat,
            command: m.legal[0],
            expectedVersion: m.version,
          }),
        })
      }
    }
  } finally {
    stop.abort()
  }
  // The bot hears each game end before the ladder's projection has rated it: wait until the ladder the pages
  // read shows the games (a loaded machine's projection trails by a wake-up or more).
  const end = Date.now() + 60_000
  for (;;) {
    const ladder = await (await fetch(`${apiUrl}/api/ladder/uptown`)).json()
    const entry = ladder.standings.find((s: any) => s.holder === `bot:${name}`)
    if (entry?.games >= games && entry.rank !== null && ladder.games.length >= games) return
    if (Date.now() > end)
      throw new Error(`the ladder did not show ${name}'s games: ${JSON.stringify(ladder)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe.skipIf(e2e() === null)("the bot ladder pages", () => {
  let browser: Browser
  beforeAll(async () => {
    const { apiUrl, organiser } = context()
    await ladderBot(apiUrl, organiser, "laddie", 2)
    browser = await connect()
  }, 240_000)
  afterAll(() => browser?.close())

  it("lists each game's ladder, and shows a bot's rank, rating, record and recent games", async () => {
    const { siteUrl } = context()
    // A context of its own (not `browser.newPage`): axe opens a second page in it to gather its results.
    const browsing = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await browsing.newPage()
    await page.goto(siteUrl)
    await page.getByRole("link", { name: "Bot ladders" }).click()
    await page.waitForURL(/\/ladder$/)
    const uptown = page.locator('tr[data-ladder="uptown"]')
    expect(await uptown.textContent()).toMatch(/Uptown\s*1/)
    await uptown.getByRole("link", { name: "Uptown" }).click()
    await page.waitForURL(/\/ladder\/uptown$/)
    expect(await page.title()).toMatch(/Uptown ladder/)
    const row = page.locator('tr[data-holder="bot:laddie"]')
    await row.waitFor()
    const cells = await row.locator("td").allTextContents()
    expect(cells[0]).toBe("1")
    expect(cells[1]).toBe("laddie")
    expect(Number(cells[3])).toBeGreaterThanOrEqual(2)
    // The rating's trend is drawn, and each recent result links to its game.
    expect(await row.locator("svg.sparkline").count()).toBe(1)
    const chips = row.locator("a.rank-chip")
    expect(await chips.count()).toBeGreaterThanOrEqual(2)
    const games = page.getByTestId("ladder-games").locator("tr[data-game-id]")
    expect(await games.count()).toBeGreaterThanOrEqual(2)
    expect(await games.first().textContent()).toMatch(/heuristic \(house\)/)
    // No serious accessibility finding on the page.
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(
      violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    ).toEqual([])
    await screenshot(page, "ladder")
    const href = await chips.first().getAttribute("href")
    await chips.first().click()
    await page.waitForURL(new RegExp(`${href}$`))
    await page.getByTestId("game-screen").waitFor()
    await browsing.close()
  })

  it("answers an unknown ladder with the not-found page", async () => {
    const { siteUrl } = context()
    const page = await newPage(browser)
    const response = await page.goto(`${siteUrl}/ladder/chess`)
    expect(response?.status()).toBe(404)
    await page.close()
  })
})
