import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, context, e2e, screenshot } from "./browser"
import { siteDir } from "./globalSetup"
import {
  choiceButtons,
  decide,
  playToTheEnd,
  startFromForm,
  type TableChoice,
  turnOf,
  versionOf,
  waitUntilHydrated,
} from "./playing"

// A person plays a whole game of each of the five games in Chromium, through the UI only: the lobby's Play
// button, the play form, then the choice panel's buttons, its number keys and the board's places, against
// house bots (`random`; `heuristic` in Manhattan), until the page says how the game ended. The quickest tables the rules allow (the fewest seats,
// Downtown's two-player variant, Suburbia alone against Dale, a one-round Urban Sprawl) keep it short. Then
// the CLI exports every game from the server and `boroughs verify` proves them all SOUND.

const cliDir = resolve(siteDir, "../cli")

/** The `boroughs` command from source (what `npx boroughs` runs once built), as a person would run it. */
const boroughs = (args: ReadonlyArray<string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts", ...args], {
      cwd: cliDir,
      env: { ...process.env, DATABASE_URL: "", CI: "true" },
      timeout: 120_000,
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString()
    })
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString()
    })
    child.on("close", (code) => done({ code, stdout, stderr }))
  })

describe.skipIf(e2e() === null)("a person plays each game in the browser", () => {
  let browser: Browser
  const played: Array<{ game: string; gameId: string }> = []
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    browser = await connect()
  })
  afterAll(async () => {
    for (const c of contexts) await c.close()
    await browser?.close()
  })

  /** A browser of its own (its own cookies: its own guest), laptop-sized or a phone's. */
  const person = async (phone = false): Promise<Page> => {
    const browsing = await browser.newContext({
      viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
      ...(phone ? { isMobile: true, hasTouch: true } : {}),
    })
    contexts.push(browsing)
    const page = await browsing.newPage()
    page.setDefaultTimeout(30_000)
    return page
  }

  const playWhole = async (page: Page, table: TableChoice) => {
    const gameId = await startFromForm(page, context().siteUrl, table)
    played.push({ game: table.game, gameId })
    const { decisions, ways, deciding, waiting } = await playToTheEnd(page)
    const outcome = await page.getByTestId("outcome").textContent()
    console.log(
      `${table.game} ${gameId}: ${decisions} decisions (${JSON.stringify(ways)}; ${deciding} ms deciding, ${waiting} ms waiting); ${outcome}`,
    )
    expect(outcome).toMatch(/Game over\. You (won|shared|finished)/)
    expect(decisions).toBeGreaterThan(0)
    return { gameId, decisions, ways }
  }

  it("Downtown (two-player variant): resumes after a reload, and a second tab never plays a move twice", async () => {
    const page = await person()
    const table = {
      game: "downtown",
      rules: "2p",
      seats: ["me", "house:random"],
      name: "Ann",
      clock: "none",
    }
    const gameId = await startFromForm(page, context().siteUrl, table)
    played.push({ game: "downtown", gameId })
    expect(await page.getByTestId("my-name").textContent()).toBe("Ann")
    // The seat token lives in an httpOnly cookie: the page's JavaScript cannot see it, nor is it in the page.
    const cookies = await page.context().cookies()
    const seatCookie = cookies.find((c) => c.name === `boroughs_seat_${gameId}`)
    expect(seatCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" })
    const token = seatCookie?.value.split(".").slice(1).join(".") ?? ""
    expect(token.length).toBeGreaterThan(16)
    expect(await page.evaluate(() => document.cookie)).not.toContain("boroughs_seat_")
    expect(await page.content()).not.toContain(token)

    expect(await turnOf(page)).toBe("mine")
    await screenshot(page, "play-downtown")
    for (let n = 0; n < 3; n++) if ((await turnOf(page)) === "mine") await decide(page, "click", n)
    // A reload resumes the seat where it was: it is all the server's state.
    const before = await versionOf(page)
    await page.reload()
    await waitUntilHydrated(page)
    expect(await versionOf(page)).toBeGreaterThanOrEqual(before)

    // A second tab of the same seat, whose reads lag: both show the same decision; the first tab plays it,
    // and the second's choice (made at the version it showed) is refused, not played again.
    expect(await turnOf(page)).toBe("mine")
    const second = await page.context().newPage()
    second.setDefaultTimeout(30_000)
    await second.goto(page.url())
    await waitUntilHydrated(second)
    expect(await turnOf(second)).toBe("mine")
    const shown = await versionOf(second)
    expect(await versionOf(page)).toBe(shown)
    // The second tab hears nothing of the first one's move until its own choice has been answered.
    let release = () => {}
    const held = new Promise<void>((done) => {
      release = done
    })
    await second.route(/\/api\/games\/[^/]+(\/stream)?(\?.*)?$/, async (route) => {
      await held
      await route.continue().catch(() => undefined)
    })
    await decide(page, "click", 0)
    const answered = second.waitForResponse(/\/api\/games\/[^/]+\/commands$/)
    await (await choiceButtons(second)).first().click()
    const refused = await answered
    release()
    expect([409, 422]).toContain(refused.status())
    await second
      .getByTestId("play-notice")
      .filter({ hasText: /Already played in another tab|moved on/ })
      .waitFor()
    await second.close()

    const { decisions, ways } = await playToTheEnd(page)
    console.log(`downtown ${gameId}: ${decisions} more decisions (${JSON.stringify(ways)})`)
    expect(await page.getByTestId("outcome").textContent()).toMatch(/Game over\. You (won|shared|finished)/)
    await page.getByTestId("replay-link").click()
    await page.getByTestId("game-screen").waitFor()
  })

  it("Manhattan", async () => {
    // Against the heuristic bot, which builds to the end: half the decisions of a game against `random`.
    await playWhole(await person(), {
      game: "manhattan",
      seats: ["me", "house:heuristic"],
      name: "Ben",
      clock: "none",
    })
  })

  it("Suburbia, alone against Dale", async () => {
    await playWhole(await person(), { game: "suburbia", seats: ["me"], name: "Cy", clock: "none" })
  })

  it("Uptown, on a phone: the choices dock at the bottom, nothing is wider than the screen", async () => {
    const page = await person(true)
    const gameId = await startFromForm(page, context().siteUrl, {
      game: "uptown",
      seats: ["me", "house:random"],
      name: "Dee",
      clock: "none",
    })
    played.push({ game: "uptown", gameId })
    expect(await turnOf(page)).toBe("mine")
    const fits = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }))
    expect(fits.width).toBeLessThanOrEqual(fits.inner)
    // The list of choices stays on screen while the board scrolls under it.
    const panel = await page.locator(".bui-choices").boundingBox()
    expect(panel).not.toBeNull()
    expect((panel?.y ?? 0) + (panel?.height ?? 0)).toBeLessThanOrEqual(844 + 1)
    expect(panel?.width ?? 0).toBeLessThanOrEqual(390)
    await screenshot(page, "play-phone")
    const { decisions } = await playToTheEnd(page)
    console.log(`uptown ${gameId}: ${decisions} decisions on a phone`)
    expect(await page.getByTestId("outcome").textContent()).toMatch(/Game over/)
  })

  it("Urban Sprawl (one round)", async () => {
    await playWhole(await person(), {
      game: "urban-sprawl",
      rules: "taster",
      seats: ["me", "house:random"],
      name: "Eve",
      clock: "none",
    })
  })

  it("every game played here is SOUND: exported from the server, verified by `boroughs verify`", async () => {
    expect(played.map((p) => p.game).sort()).toEqual([
      "downtown",
      "manhattan",
      "suburbia",
      "uptown",
      "urban-sprawl",
    ])
    const dir = mkdtempSync(join(tmpdir(), "boroughs-play-e2e-"))
    try {
      // `boroughs export <id> --url <server> --out <file>` for each game at once, then one file verified.
      const lines = await Promise.all(
        played.map(async ({ gameId }) => {
          const out = join(dir, `${gameId}.ndjson`)
          const exported = await boroughs(["export", gameId, "--url", context().apiUrl, "--out", out])
          expect(exported.code, exported.stderr).toBe(0)
          return readFileSync(out, "utf8")
        }),
      )
      const all = join(dir, "all.ndjson")
      writeFileSync(all, lines.join(""))
      const verified = await boroughs(["verify", all])
      console.log(verified.stdout)
      expect(verified.code, `${verified.stdout}\n${verified.stderr}`).toBe(0)
      expect(verified.stdout).toContain(`all ${played.length} streams SOUND`)
      for (const { gameId } of played) expect(verified.stdout).toMatch(new RegExp(`SOUND\\s+\\S*${gameId}`))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
