import type { TimelinePoint } from "@boroughs/protocol"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bigSwingVersions, nextRound, nextSwing, previousRound } from "../lib/timeline"
import { api } from "./api"
import { connect, context, e2e, newPage, screenshot, waitForVersion } from "./browser"

describe.skipIf(e2e() === null)("the replay of a finished game", () => {
  let browser: Browser
  let points: TimelinePoint[]
  let last: number
  beforeAll(async () => {
    browser = await connect()
    const { apiUrl, organiser, games } = context()
    const timeline = await api(apiUrl, organiser).get(`/api/games/${games.finished}/timeline`, false)
    points = timeline.points
    last = timeline.version
  })
  afterAll(() => browser?.close())

  const atOf = (page: Page) => new URL(page.url()).searchParams.get("at")

  it("a shared ?at= link opens that position: board, log and URL agree", async () => {
    const { siteUrl, apiUrl, organiser, games } = context()
    const at = Math.floor(last / 2)
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=${at}`)
    await waitForVersion(page, at)
    expect(await page.getByTestId("position").textContent()).toContain(`Position ${at} of ${last}`)
    expect(
      await page.locator('[data-testid=event-log] li[aria-current="true"]').getAttribute("data-version"),
    ).toBe(String(at))
    // The standings shown are those of that position.
    const expected = (await api(apiUrl, organiser).get(`/api/games/${games.finished}/view?at=${at}`, false))
      .view
    const money = await page.locator("[data-testid=standings] tbody tr").evaluateAll((rows) =>
      rows.map((r) => ({
        seat: Number(r.getAttribute("data-seat")),
        money: Number(r.querySelectorAll("td")[2]?.textContent?.replace(/[^0-9-]/g, "")),
      })),
    )
    expect(money.sort((a, b) => a.seat - b.seat).map((r) => r.money)).toEqual(expected.money)
    await page.close()
  })

  it("the keyboard steps, jumps by round and to both ends, and the URL follows every position", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=1`)
    await waitForVersion(page, 1)
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight")
    await waitForVersion(page, 4)
    expect(atOf(page)).toBe("4")
    await page.keyboard.press("ArrowLeft")
    await waitForVersion(page, 3)

    const down = nextRound(points, 3)
    await page.keyboard.press("ArrowDown")
    await waitForVersion(page, down)
    const down2 = nextRound(points, down)
    await page.keyboard.press("ArrowDown")
    await waitForVersion(page, down2)
    await page.keyboard.press("ArrowUp")
    await waitForVersion(page, previousRound(points, down2))
    expect(atOf(page)).toBe(String(previousRound(points, down2)))

    await page.keyboard.press("End")
    await waitForVersion(page, last)
    expect(atOf(page)).toBe(String(last))
    await page.keyboard.press("Home")
    await waitForVersion(page, 1)
    expect(atOf(page)).toBe("1")

    const swing = nextSwing(bigSwingVersions(points), 1)
    if (swing !== null) {
      await page.getByTestId("next-swing").click()
      await waitForVersion(page, swing)
    }
    await page.close()
  })

  it("the board is one tab stop: the arrows move between its places, Escape gives them back to the replay", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=5`)
    await waitForVersion(page, 5)
    const board = page.locator("section.bui-board")
    const stops = await board
      .locator("[data-place]")
      .evaluateAll((places) =>
        places.filter((p) => (p as HTMLElement).tabIndex === 0).map((p) => p.getAttribute("data-place")),
      )
    expect(stops).toHaveLength(1)
    await board
      .locator("[data-place]")
      .evaluateAll((places) => (places.find((p) => (p as HTMLElement).tabIndex === 0) as HTMLElement).focus())
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-place") ?? null)
    const first = await focused()
    expect(first).toBe(stops[0])
    let moved = false
    for (const key of ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]) {
      await page.keyboard.press(key)
      if ((await focused()) !== first) moved = true
    }
    expect(moved).toBe(true)
    // On the board the arrows moved the focus, not the replay.
    expect(atOf(page)).toBe("5")
    // The place last focused is now the board's one tab stop.
    const now = await focused()
    expect(
      await board
        .locator("[data-place]")
        .evaluateAll((places) =>
          places.filter((p) => (p as HTMLElement).tabIndex === 0).map((p) => p.getAttribute("data-place")),
        ),
    ).toEqual([now])
    await page.keyboard.press("Escape")
    expect(await focused()).toBeNull()
    await page.keyboard.press("ArrowRight")
    await waitForVersion(page, 6)
    await page.close()
  })

  it("space plays the game forward on its own and pauses again", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=1`)
    await waitForVersion(page, 1)
    await page.keyboard.press(" ")
    expect(await page.getByTestId("autoplay").getAttribute("aria-pressed")).toBe("true")
    await page.waitForFunction(
      () => Number(document.querySelector("[data-testid=game-screen]")?.getAttribute("data-version")) >= 3,
    )
    await page.keyboard.press(" ")
    expect(await page.getByTestId("autoplay").getAttribute("aria-pressed")).toBe("false")
    await page.close()
  })

  it("shows the score chart, the verified audit badge, and a seat's own perspective", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=${Math.min(last, 120)}`)
    await page.locator("[data-testid=score-chart] .bui-chart-line").first().waitFor()
    expect(await page.locator("[data-testid=score-chart] .bui-chart-line").count()).toBe(4)
    expect(await page.getByTestId("audit-badge").textContent()).toContain("Verified")
    expect(await page.getByTestId("audit").textContent()).toMatch(/revealed seed matches/)
    await screenshot(page, "replay")
    await screenshot(page, "audit-badge", "[data-testid=audit]")

    const phone = await newPage(browser, true)
    await phone.goto(`${siteUrl}/games/${games.finished}?at=${Math.min(last, 120)}`)
    await waitForVersion(phone, Math.min(last, 120))
    await screenshot(phone, "replay-phone")
    await phone.close()

    await page.getByTestId("perspective").selectOption("2")
    await page.waitForURL(/seat=2/)
    expect(await page.getByTestId("perspective").inputValue()).toBe("2")
    await page.close()
  })

  it("puts the chart beside the board, lists the big swings and steps between them; a phone shows one pane at a time", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=1`)
    await waitForVersion(page, 1)
    const board = await page.locator("section.bui-board").boundingBox()
    const chart = await page.getByTestId("score-chart").boundingBox()
    if (board === null || chart === null) throw new Error("the board or the chart is not drawn")
    // Beside the board, on the first screen, not below a board that may be thousands of pixels tall.
    expect(chart.x).toBeGreaterThanOrEqual(board.x + board.width)
    expect(chart.y + chart.height).toBeLessThan(page.viewportSize()?.height ?? 800)

    const swings = page.getByTestId("swings")
    await swings.locator("summary").click()
    const entries = swings.getByRole("button")
    expect(await entries.count()).toBeGreaterThan(1)
    const versionOf = async (i: number) =>
      Number((await entries.nth(i).textContent())?.match(/^Move (\d+)/)?.[1])
    const [first, second] = [await versionOf(0), await versionOf(1)]
    await entries.nth(0).click()
    await waitForVersion(page, first)
    expect(await entries.nth(0).getAttribute("aria-current")).toBe("step")
    await page.getByTestId("next-swing").click()
    await waitForVersion(page, second)
    await page.getByTestId("previous-swing").click()
    await waitForVersion(page, first)
    await expect(page.getByTestId("previous-swing").isDisabled()).resolves.toBe(true)
    // The chart marks the swings under its axis.
    expect(await page.locator("[data-testid=score-chart] .bui-chart-mark").count()).toBe(
      await entries.count(),
    )
    await page.close()

    const phone = await newPage(browser, true)
    await phone.goto(`${siteUrl}/games/${games.finished}?at=${first}`)
    await waitForVersion(phone, first)
    await expect(phone.locator("section.bui-board").isVisible()).resolves.toBe(true)
    await expect(phone.getByTestId("score-chart").isVisible()).resolves.toBe(false)
    await phone.getByTestId("pane-chart").click()
    await phone.getByTestId("score-chart").waitFor({ state: "visible" })
    await expect(phone.locator("section.bui-board").isVisible()).resolves.toBe(false)
    await screenshot(phone, "replay-phone-chart")
    await phone.getByTestId("pane-log").click()
    await phone.getByRole("region", { name: "Event log" }).waitFor({ state: "visible" })
    await expect(phone.getByTestId("score-chart").isVisible()).resolves.toBe(false)
    // Stepping still works whatever the pane.
    await phone.getByRole("button", { name: "Step forward (→)" }).click()
    await waitForVersion(phone, first + 1)
    await phone.close()
  })

  it("lists the standings leader first, ties in seat order, each row with its seat's swatch and name", async () => {
    const { siteUrl, games } = context()
    // A position where the ranks are not in seat order (the read 1, 4, 1, 3).
    const at = points.find((p) => {
      const scores = p.standings.map((s) => s.score)
      return scores.some((s, seat) => seat > 0 && s > (scores[seat - 1] ?? 0))
    })?.version
    expect(at).toBeDefined()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=${at}`)
    await waitForVersion(page, at as number)
    const rows = await page.locator("[data-testid=standings] tbody tr").evaluateAll((trs) =>
      trs.map((tr) => ({
        seat: Number(tr.getAttribute("data-seat")),
        rank: Number(tr.querySelector("td")?.textContent),
        // The swatch draws the seat's colour and shape with its number.
        swatch: tr.querySelector("td:nth-child(2) svg.bui-swatch")?.textContent,
        name: tr.querySelector("td:nth-child(2)")?.lastChild?.textContent?.trim(),
      })),
    )
    const sorted = [...rows].sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    expect(rows).toEqual(sorted)
    expect(rows.map((r) => r.seat)).not.toEqual([0, 1, 2, 3])
    for (const r of rows) {
      expect(r.swatch).toBe(String(r.seat + 1))
      expect(r.name).toBe(["ada", "ben", "cy", "dee"][r.seat])
    }
    await page.close()
  })

  it("narrates events without their raw type names, which stay as tooltips", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=60`)
    await waitForVersion(page, 60)
    await page.locator("[data-testid=event-log] li").first().waitFor()
    const types = new Set(
      await page
        .locator("[data-testid=event-log] li")
        .evaluateAll((lis) => lis.map((li) => li.getAttribute("title") ?? "")),
    )
    expect(types.size).toBeGreaterThan(1)
    expect([...types].every((t) => /^[A-Z][A-Za-z]+$/.test(t))).toBe(true)
    const position = await page.getByTestId("position").textContent()
    const shown = `${position}\n${await page.getByTestId("event-log").textContent()}`
    for (const type of types) expect(shown, type).not.toMatch(new RegExp(`\\b${type}\\b`))
    await page.close()
  })

  it("'Copy link' puts the position's URL on the clipboard and says so", async () => {
    const { siteUrl, games } = context()
    const browsing = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ["clipboard-read", "clipboard-write"],
    })
    const page = await browsing.newPage()
    page.setDefaultTimeout(60_000)
    await page.goto(`${siteUrl}/games/${games.finished}?at=30&seat=2`)
    await waitForVersion(page, 30)
    await page.keyboard.press("ArrowRight")
    await waitForVersion(page, 31)
    await page.getByTestId("copy-link").click()
    await page.getByTestId("copy-status").filter({ hasText: "Link copied" }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${siteUrl}/games/${games.finished}?at=31&seat=2`,
    )
    await browsing.close()
  })

  it("titles the tab with the game, its players and the position, from the server and as it moves", async () => {
    const { siteUrl, games } = context()
    const players = "ada vs ben vs cy vs dee"
    const html = await (await fetch(`${siteUrl}/games/${games.finished}?at=12`)).text()
    expect(html).toContain(`<title>Downtown · ${players} · move 12</title>`)
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=12`)
    await waitForVersion(page, 12)
    expect(await page.title()).toBe(`Downtown · ${players} · move 12`)
    await page.keyboard.press("ArrowRight")
    await waitForVersion(page, 13)
    await page.waitForFunction((t) => document.title === t, `Downtown · ${players} · move 13`)
    await page.close()
  })

  it("the event log is a tab stop that scrolls with the keyboard, leaving the position alone", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/${games.finished}?at=1`)
    await waitForVersion(page, 1)
    await page.locator("[data-testid=event-log] li").nth(40).waitFor()
    const onLog = () =>
      page.evaluate(() => document.activeElement?.getAttribute("data-testid") === "event-log")
    let tabs = 0
    while (!(await onLog()) && tabs < 60) {
      await page.keyboard.press("Tab")
      tabs++
    }
    expect(await onLog()).toBe(true)
    const scrolled = () => page.getByTestId("event-log").evaluate((log) => log.scrollTop)
    const before = await scrolled()
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("PageDown")
    await page.waitForFunction(
      (b) => (document.querySelector("[data-testid=event-log]")?.scrollTop ?? 0) > b,
      before,
    )
    expect(atOf(page)).toBe("1")
    expect(await page.getByTestId("position").textContent()).toContain("Position 1 of")
    await page.close()
  })

  it("shows the keyboard hints with a mouse, not on a touch phone", async () => {
    const { siteUrl, games } = context()
    const laptop = await newPage(browser)
    await laptop.goto(`${siteUrl}/games/${games.finished}?at=5`)
    await waitForVersion(laptop, 5)
    expect(await laptop.locator(".keys").isVisible()).toBe(true)
    await laptop.close()
    const touch = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    })
    const phone = await touch.newPage()
    phone.setDefaultTimeout(60_000)
    await phone.goto(`${siteUrl}/games/${games.finished}?at=5`)
    await waitForVersion(phone, 5)
    expect(await phone.locator(".keys").isVisible()).toBe(false)
    await touch.close()
  })
})
