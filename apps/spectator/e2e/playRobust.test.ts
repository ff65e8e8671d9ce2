import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, context, e2e } from "./browser"
import { choiceButtons, decide, startFromForm, turnOf } from "./playing"

// What a person at a play page sees when things do not go smoothly, in Chromium: the seat's clock and the
// move it would play, a move the rules refuse (the rule it broke, and the seat still owes), the game server
// out of reach (a banner, then play again once it answers), and an organiser revoking the seat's link.

/** The game server as its organiser, for what only an organiser does (revoking, ending the game). */
const organiser = async (method: string, path: string, body?: unknown) => {
  const r = await fetch(`${context().apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${context().organiser}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = await r.json().catch(() => null)
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`)
  return json
}

describe.skipIf(e2e() === null)("a play page when things go wrong", () => {
  let browser: Browser
  let browsing: BrowserContext
  let page: Page
  let gameId = ""

  beforeAll(async () => {
    browser = await connect()
    browsing = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    page = await browsing.newPage()
    page.setDefaultTimeout(30_000)
    gameId = await startFromForm(page, context().siteUrl, {
      game: "downtown",
      rules: "2p",
      seats: ["me", "house:random"],
      name: "Flo",
      clock: "10m",
    })
  })
  afterAll(async () => {
    // The game ends here, so no live game is left ticking for the other tests.
    if (gameId !== "")
      await organiser("POST", `/api/games/${encodeURIComponent(gameId)}/actions`, {
        action: { type: "Adjudicate", ranks: [1, 2], scores: [0, 0] },
        reason: "end of the test",
      }).catch(() => undefined)
    await browsing?.close()
    await browser?.close()
  })

  it("shows the seat's clock and the move the clock would play, as the server says it", async () => {
    expect(await turnOf(page)).toBe("mine")
    await page.getByTestId("play-turn").getByRole("timer").waitFor()
    const mine = await organiser("GET", `/api/games/${encodeURIComponent(gameId)}?seat=0`)
    const decision = mine.decisions[0]
    expect(decision.legal).toContainEqual(decision.default)
    const said = await page.locator(".bui-choices-default").textContent()
    expect(said).toMatch(/^If your clock runs out: \S/)
    // The default's words are one of the listed choices' words (a list item starts with a capital).
    const choices = (await (await choiceButtons(page)).allTextContents()).map((c) => c.toLowerCase())
    const words = (said ?? "").replace("If your clock runs out: ", "").toLowerCase()
    expect(
      choices.some((c) => c.endsWith(words)),
      `${words} in ${choices.join(" | ")}`,
    ).toBe(true)
  })

  it("a move the rules refuse shows the rule it broke, plays nothing, and the seat chooses again", async () => {
    expect(await turnOf(page)).toBe("mine")
    const before = await organiser("GET", `/api/games/${encodeURIComponent(gameId)}/events?limit=1000`)
    // The page only offers legal moves: make the next one illegal on its way out (a zone that is not there),
    // as a move made on a view the rules no longer allow would be.
    let answer: { status: number; body: { rule?: string } } | null = null
    await page.route(/\/api\/games\/[^/]+\/commands$/, async (route) => {
      const sent = JSON.parse(route.request().postData() ?? "{}")
      const response = await route.fetch({
        postData: JSON.stringify({ ...sent, command: { type: "PlayZoningTile", zone: 999 } }),
      })
      answer = { status: response.status(), body: await response.json() }
      await route.fulfill({ response })
    })
    await (await choiceButtons(page)).first().click()
    const error = page.locator(".bui-choices-error")
    await error.filter({ hasText: /\S/ }).waitFor()
    await page.unroute(/\/api\/games\/[^/]+\/commands$/)
    const refused = answer as { status: number; body: { rule?: string } } | null
    expect(refused?.status).toBe(422)
    expect(refused?.body.rule).toMatch(/\S/)
    expect(await error.textContent()).toContain(refused?.body.rule ?? "?")
    const after = await organiser("GET", `/api/games/${encodeURIComponent(gameId)}/events?limit=1000`)
    expect(after.events.length).toBe(before.events.length)
    // Still the seat's move; a legal one now goes through.
    expect(await turnOf(page)).toBe("mine")
    await decide(page, "click", 0)
  })

  it("says when the game server is out of reach, keeps the seat, and plays on once it answers", async () => {
    if ((await turnOf(page)) !== "mine") return
    // Every request the page makes to the game server fails, as when the site cannot reach it.
    await page.route(/\/api\//, (route) => route.abort("connectionrefused"))
    await page.getByTestId("server-down").waitFor({ timeout: 20_000 })
    expect(await page.getByTestId("server-down").textContent()).toContain("your seat is kept")
    await page.unroute(/\/api\//)
    await page.getByTestId("server-down").waitFor({ state: "detached", timeout: 20_000 })
    expect(await turnOf(page)).toBe("mine")
    await decide(page, "click", 1)
  })

  it("an organiser revoking the seat's link: the page says so and offers to watch", async () => {
    const detail = await organiser("GET", `/api/games/${encodeURIComponent(gameId)}`)
    const holder = String(detail.players[0])
    expect(holder).toMatch(/^seat:/)
    const listed = await organiser(
      "GET",
      `/api/tokens?kind=seat&name=${encodeURIComponent(holder.slice("seat:".length))}`,
    )
    expect(listed.tokens).toHaveLength(1)
    await organiser("DELETE", `/api/tokens/${encodeURIComponent(listed.tokens[0].tokenId)}`)
    const banner = page.getByTestId("revoked")
    await banner.waitFor({ timeout: 40_000 })
    expect(await banner.textContent()).toContain("This seat's link no longer works")
    await banner.getByRole("link", { name: "watch the game" }).click()
    await page.getByTestId("game-screen").waitFor()
  })
})
