import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, play } from "./api"
import { connect, context, e2e, newPage, waitForVersion } from "./browser"

/**
 * Board text as Chromium draws it, fonts and all (the board estimates widths on the server): nothing ends in
 * "…", a card's or a tile's text stays inside its shape, and the population track's numbers never overlap.
 */
const PROBLEMS = `(() => {
  const problems = []
  const shown = (el) => el.getClientRects().length > 0
  const inside = (r, box) =>
    r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1
  for (const t of document.querySelectorAll(".bui-board svg text"))
    if (shown(t) && (t.textContent || "").trim().endsWith("…")) problems.push("cut short: " + t.textContent)
  // Cards and tiles: a group with its words in a <title>, its shape first, its text beside it.
  for (const g of document.querySelectorAll(".bui-board svg g")) {
    if (!g.querySelector(":scope > title")) continue
    const shape = g.querySelector(":scope > rect, :scope > polygon")
    if (!shape || !shown(shape)) continue
    const box = shape.getBoundingClientRect()
    for (const t of g.querySelectorAll(":scope > text"))
      if (!inside(t.getBoundingClientRect(), box)) problems.push("outside its shape: " + t.textContent)
  }
  for (const svg of document.querySelectorAll(".bui-board svg.bui-track")) {
    if (!shown(svg)) continue
    const texts = [...svg.querySelectorAll("text")].map((t) => ({ t: t.textContent, r: t.getBoundingClientRect() }))
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i].r
        const b = texts[j].r
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
          problems.push("overlap: " + texts[i].t + " / " + texts[j].t)
      }
  }
  return problems
})()`

describe.skipIf(e2e() === null)("board text in a real browser", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connect()
  })
  afterAll(() => browser?.close())

  for (const game of ["suburbia", "uptown"] as const) {
    it(`${game}: every card's or tile's text is whole and inside it, on a laptop and a phone`, async () => {
      const { siteUrl, apiUrl, organiser } = context()
      const a = api(apiUrl, organiser)
      const gameId = `e2e-text-${game}`
      await a.post("/api/games", {
        game,
        seats: 3,
        gameId,
        seed: `e2e-seed-${gameId}`,
        decisionMs: null,
        players: ["bot:ada", "bot:ben", "bot:cy"],
      })
      const { version } = await play(a, gameId, 120)
      for (const phone of [false, true]) {
        const page = await newPage(browser, phone)
        await page.goto(`${siteUrl}/games/${gameId}`)
        await waitForVersion(page, version)
        // The first SVG may be the layout this width hides: wait for it in the page, not on screen.
        await page.locator('[data-testid=game-screen] svg[role="img"]').first().waitFor({ state: "attached" })
        expect(await page.evaluate(PROBLEMS), phone ? "phone" : "laptop").toEqual([])
        await page.close()
      }
    })
  }
})
