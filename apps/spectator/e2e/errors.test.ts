import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, context, e2e, newPage, screenshot } from "./browser"

describe.skipIf(e2e() === null)("pages for bad input", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connect()
  })
  afterAll(() => browser?.close())

  it("an unknown game: a clear page and a 404", async () => {
    const page = await newPage(browser)
    const response = await page.goto(`${context().siteUrl}/games/no-such-game`)
    expect(response?.status()).toBe(404)
    expect(await page.getByTestId("not-found").textContent()).toContain("No such game")
    await screenshot(page, "error-unknown-game")
    await page.close()
  })

  it("?at= beyond the end names the last position and links to it", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=999999`)
    const text = await page.getByTestId("bad-position").textContent()
    expect(text).toMatch(/Position 999999 is beyond the end: the last position is \d+/)
    await screenshot(page, "error-beyond-end")
    await page.getByRole("link", { name: /Open the last position/ }).click()
    await page.getByTestId("game-screen").waitFor()
    await page.close()
  })

  it("an organiser-only game says so instead of showing anything", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.private}`)
    expect(await page.getByTestId("forbidden").textContent()).toContain("not open to spectators")
    await screenshot(page, "error-organiser-only")
    await page.close()
  })

  it("the game server down: a retrying banner, not a crash", async () => {
    const { deadSiteUrl, games } = context()
    const page = await newPage(browser)
    const lobby = await page.goto(deadSiteUrl)
    expect(lobby?.status()).toBe(200)
    expect(await page.getByTestId("server-down").textContent()).toMatch(/cannot be reached.*Retrying/s)
    await screenshot(page, "error-server-down")
    // The banner counts its attempts: it keeps retrying.
    await page.getByTestId("server-down").filter({ hasText: "attempt 2" }).waitFor()
    await page.goto(`${deadSiteUrl}/games/${games.live}`)
    expect(await page.getByTestId("server-down").count()).toBe(1)
    await page.close()
  })
})
