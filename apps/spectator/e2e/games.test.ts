import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, play } from "./api"
import { connect, context, e2e, newPage, screenshot, waitForVersion } from "./browser"

/**
 * Every game besides Downtown (which the other files follow closely) in the lobby, live and in replay:
 * issues 7, 8 and 9 ask that Suburbia, Uptown and Urban Sprawl be watched like the first two.
 */
const GAMES = ["manhattan", "suburbia", "uptown", "urban-sprawl"] as const

describe.skipIf(e2e() === null)("every game in the lobby, live and in replay", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connect()
  })
  afterAll(() => browser?.close())

  for (const game of GAMES) {
    it(`${game}: listed, drawn live as moves arrive, and a replay position opens from its URL`, async () => {
      const { siteUrl, apiUrl, organiser } = context()
      const a = api(apiUrl, organiser)
      const gameId = `e2e-${game}`
      await a.post("/api/games", {
        game,
        seats: 3,
        gameId,
        seed: `e2e-seed-${gameId}`,
        decisionMs: null,
        players: ["bot:ada", "bot:ben", "bot:cy"],
      })
      const early = (await play(a, gameId, 12)).version

      const lobby = await newPage(browser)
      await lobby.goto(siteUrl)
      const row = lobby.locator(`tr[data-game-id="${gameId}"]`)
      await row.waitFor()
      expect(await row.getAttribute("data-status")).toBe("live")
      expect(await row.textContent()).toMatch(/ada.*ben.*cy/)
      await lobby.close()

      const page = await newPage(browser)
      await page.goto(`${siteUrl}/games/${gameId}`)
      await waitForVersion(page, early)
      // The game's own board, not the "no board yet" panel.
      const board = page.locator('[data-testid=game-screen] svg[role="img"]').first()
      await board.waitFor()
      expect(await page.getByText(/no board for/i).count()).toBe(0)
      // A watcher who wants a go: the play form with this game chosen.
      expect(await page.getByTestId("play-this").getAttribute("href")).toBe(`/play?game=${game}`)
      const later = (await play(a, gameId, 8)).version
      expect(later).toBeGreaterThan(early)
      await waitForVersion(page, later)
      const newest = page.locator(`[data-testid=event-log] li[data-version="${later}"]`)
      await newest.waitFor()
      expect((await newest.textContent())?.trim().length).toBeGreaterThan(5)
      await screenshot(page, `${game}-live`)
      await page.close()

      const at = Math.max(1, Math.floor(later / 2))
      const replay = await newPage(browser)
      await replay.goto(`${siteUrl}/games/${gameId}?at=${at}`)
      await waitForVersion(replay, at)
      expect(await replay.getByTestId("position").textContent()).toContain(`Position ${at} of`)
      await replay.keyboard.press("ArrowRight")
      await waitForVersion(replay, at + 1)
      expect(new URL(replay.url()).searchParams.get("at")).toBe(String(at + 1))
      await replay.close()
    })
  }
})
