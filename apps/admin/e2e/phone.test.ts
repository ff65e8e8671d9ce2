import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, context, newPage, screenshot, signIn } from "./browser"

// At a phone's width (390 × 844) no page of the app scrolls sideways: wide tables scroll in their own box.
let browser: Browser
let page: Page

/** How far the page itself scrolls sideways: what is wider than the screen. */
const overflow = (at: Page) =>
  at.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth)

beforeAll(async () => {
  browser = await connect()
  page = await newPage(browser, { phone: true })
})
afterAll(async () => {
  await browser?.close()
})

describe("the admin app on a phone", () => {
  it("fits every page to 390 px: sign-in, tournaments and the form, a tournament, a round, its audit, a game, tokens, names", async () => {
    const response = await fetch(`${context().apiUrl}/api/tournaments`, {
      method: "POST",
      headers: { authorization: `Bearer ${context().organiser}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: "A tournament with a rather long name to see that it wraps on a phone",
        game: "bluff-dice",
        format: "swiss",
        rounds: 2,
        tableSize: 3,
        entrants: ["a", "b", "c", "d"].map((id) => ({ id: `pocket-${id}`, plays: "builtin:random" })),
        pairingSeed: "a-pairing-seed-long-enough-to-need-wrapping-0123456789abcdef0123456789abcdef",
      }),
    })
    const { tournamentId } = await response.json()
    expect(response.status).toBe(201)

    await page.goto(`${context().appUrl}/`)
    await page.getByLabel("Organiser token").waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await signIn(page)
    await page.waitForURL(/\/tournaments$/)
    await page.getByTestId("tournament-list").getByText("rather long name").first().waitFor()
    await page.getByTestId("new-tournament").waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await screenshot(page, "phone-tournaments")

    await page.goto(`${context().appUrl}/tournaments/${tournamentId}`)
    await page.getByTestId("status").filter({ hasText: "ended" }).waitFor({ timeout: 120_000 })
    await page.getByTestId("standings").locator("tbody tr").first().waitFor()
    await page.getByTestId("round-2").waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await screenshot(page, "phone-tournament")

    await page.goto(`${context().appUrl}/tournaments/${tournamentId}/rounds/1`)
    await page.getByTestId("print-pairings").waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)

    await page.goto(`${context().appUrl}/tournaments/${tournamentId}/audit`)
    await page.getByTestId("text-report").filter({ hasText: "SOUND" }).waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)

    await page.goto(`${context().appUrl}/tournaments/${tournamentId}`)
    await page.getByRole("link", { name: "result →" }).first().click()
    await page.waitForURL(/\/games\//)
    await page.getByText(/this view was recorded as access-/).waitFor()
    await page.getByTestId("trail").waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await screenshot(page, "phone-game")

    await page.goto(`${context().appUrl}/tokens`)
    await page.getByRole("heading", { name: "All tokens" }).waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)

    await page.goto(`${context().appUrl}/names`)
    await page.getByTestId("name-form").waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)
  })
})
