import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api } from "./api"
import { failing, findings } from "./axe"
import { connect, context, e2e, waitForVersion } from "./browser"
import { startFromForm } from "./playing"

describe.skipIf(e2e() === null)("accessibility (axe)", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connect()
  })
  afterAll(() => browser?.close())

  const check = async (
    url: string,
    ready: (page: Page) => Promise<unknown>,
    // Then breaks the page on purpose and expects axe to say so: the check is live, not vacuous.
    breakIt?: { readonly how: (page: Page) => Promise<unknown>; readonly flagged: string },
  ) => {
    // A context of its own (not `browser.newPage`): axe opens a second page in it to gather its results.
    const browsing = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await browsing.newPage()
    page.setDefaultTimeout(60_000)
    await page.goto(url)
    await ready(page)
    expect(await findings(page, failing), url).toEqual([])
    if (breakIt) {
      await breakIt.how(page)
      expect((await findings(page, failing)).join("\n")).toContain(breakIt.flagged)
    }
    await browsing.close()
  }

  /** The game page once hydrated at `version`, with its event log filled in. */
  const gameReady = (version: number | null) => async (page: Page) => {
    if (version === null) await page.getByTestId("game-screen").waitFor()
    else await waitForVersion(page, version)
    await page.locator("[data-testid=event-log] li").first().waitFor()
  }

  it("the lobby", async () => {
    await check(context().siteUrl, (page) => page.getByRole("heading", { name: "Games" }).waitFor())
  })

  it("a live game", async () => {
    const { siteUrl, games } = context()
    await check(`${siteUrl}/games/${games.live}`, gameReady(null))
  })

  it("a replay position, and a seat's perspective", async () => {
    const { siteUrl, games } = context()
    await check(`${siteUrl}/games/${games.finished}?at=40`, gameReady(40), {
      how: (page) => page.getByTestId("event-log").evaluate((log) => log.removeAttribute("tabindex")),
      flagged: "scrollable-region-focusable (serious)",
    })
    await check(`${siteUrl}/games/${games.finished}?at=40`, gameReady(40), {
      how: (page) =>
        page.getByTestId("autoplay").evaluate((b) => b.setAttribute("aria-label", "Autoplay (space)")),
      flagged: "label-content-name-mismatch (serious)",
    })
    await check(`${siteUrl}/games/${games.finished}?at=40&seat=1`, gameReady(40))
  })

  it("every game's board, at a replay position", async () => {
    const { siteUrl, apiUrl, organiser } = context()
    const a = api(apiUrl, organiser)
    // Downtown's board is checked above, live and in replay.
    for (const game of ["manhattan", "suburbia", "uptown", "urban-sprawl"]) {
      const gameId = `e2e-axe-${game}`
      // House bots play it through at once: its replay positions are boards of every kind of moment.
      await a.post("/api/games", {
        game,
        seats: 3,
        gameId,
        seed: `e2e-axe-${game}`,
        decisionMs: null,
        players: ["builtin:random", "builtin:heuristic", "builtin:random"],
      })
      let version = 0
      for (let i = 0; i < 200 && version < 30; i++) {
        version = (await a.get(`/api/games/${gameId}`, false)).version
        if (version < 30) await new Promise((done) => setTimeout(done, 100))
      }
      await check(`${siteUrl}/games/${gameId}?at=30`, gameReady(30))
    }
    // Four boards, each a first page load of its game's chunk: about 100 s on a busy two-core machine.
  }, 240_000)

  it("the play form, and a play page on the person's move", async () => {
    const { siteUrl } = context()
    await check(`${siteUrl}/play`, (page) =>
      page.locator("[data-testid=play-form][data-ready=true]").waitFor(),
    )
    // The same context goes on to play: the seat's cookie is its own.
    const browsing = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    try {
      const page = await browsing.newPage()
      page.setDefaultTimeout(60_000)
      await startFromForm(page, siteUrl, {
        game: "manhattan",
        seats: ["me", "house:random"],
        name: "Axe",
        clock: "2m",
      })
      await page.locator("[data-testid=play-screen][data-owes=true]").waitFor()
      await page.locator(".bui-choice-button").first().waitFor()
      // Label-in-name (axe's experimental rule, on for this suite) cannot hold for a board's places: a place's
      // name says it in words ("Ring square 0 (corner): pawns of Axe, heuristic") while what it shows is a
      // drawing with bits of text in it ("CORNER", the pawns' seat numbers). Every other rule holds for them,
      // and the choice list beside the board names each choice as it reads.
      const found = (await findings(page, failing)).flatMap((f) => {
        if (!f.startsWith("label-content-name-mismatch")) return [f]
        const [rule, targets = ""] = f.split("): ")
        const others = targets.split(", ").filter((t) => !t.includes("data-place="))
        return others.length === 0 ? [] : [`${rule}): ${others.join(", ")}`]
      })
      expect(found, "the play page").toEqual([])
      await check(`${siteUrl}/join/problem?reason=revoked`, (p) => p.getByTestId("join-problem").waitFor())
    } finally {
      await browsing.close()
    }
  })

  it("the error pages", async () => {
    const { siteUrl, deadSiteUrl, games } = context()
    const shows = (testId: string) => (page: Page) => page.getByTestId(testId).waitFor()
    await check(`${siteUrl}/games/no-such-game`, shows("not-found"))
    await check(`${siteUrl}/games/${games.finished}?at=999999`, shows("bad-position"))
    await check(`${siteUrl}/games/${games.private}`, shows("forbidden"))
    await check(deadSiteUrl, shows("server-down"))
    await check(`${deadSiteUrl}/games/${games.live}`, shows("server-down"))
  })
})
