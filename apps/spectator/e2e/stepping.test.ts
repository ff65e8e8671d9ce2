import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api } from "./api"
import { connect, context, e2e, newPage, waitForVersion } from "./browser"

// Stepping through a game: an ended game's positions are folded in the browser (no server round trip), a
// live one's neighbours are fetched ahead. The times are from the keypress to the first frame after the
// board shows the new position, in real Chromium.

/** Presses `key` (or moves the scrubber) and measures until the frame after the page shows `version`. */
const timedStep = async (page: Page, key: string | null, version: number): Promise<number> => {
  await page.evaluate((v) => {
    const w = window as unknown as { step?: Promise<number> }
    const screen = document.querySelector("[data-testid=game-screen]") as Element
    w.step = new Promise<number>((resolve) => {
      let pressed = 0
      for (const type of ["keydown", "input"])
        window.addEventListener(type, () => (pressed ||= performance.now()), { capture: true, once: true })
      const observer = new MutationObserver(() => {
        if (screen.getAttribute("data-version") !== String(v)) return
        observer.disconnect()
        requestAnimationFrame(() => resolve(performance.now() - pressed))
      })
      observer.observe(screen, { attributes: true, attributeFilter: ["data-version"] })
    })
  }, version)
  if (key === null) await page.getByTestId("scrubber").fill(String(version))
  else await page.keyboard.press(key)
  return page.evaluate(() => (window as unknown as { step: Promise<number> }).step)
}

const percentile = (xs: ReadonlyArray<number>, p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number
}

/** Twenty steps forward from `from`, timed. */
const twentySteps = async (page: Page, from: number): Promise<number[]> => {
  const times: number[] = []
  for (let v = from + 1; v <= from + 20; v++) times.push(await timedStep(page, "ArrowRight", v))
  return times
}

/** The requests for positions (view?at=) a page makes from now on. */
const positionRequests = (page: Page): string[] => {
  const urls: string[] = []
  page.on("request", (r) => {
    if (/\/api\/games\/[^/]+\/view\?/.test(r.url())) urls.push(r.url())
  })
  return urls
}

/** The board as drawn, without the marks of the event that led to the position (those come from the log). */
const boardMarkup = (page: Page): Promise<string> =>
  page.locator("section.bui-board").evaluate((board) => {
    const copy = board.cloneNode(true) as Element
    for (const ring of copy.querySelectorAll(".bui-hl-ring")) ring.remove()
    for (const marked of copy.querySelectorAll(".bui-hl")) marked.classList.remove("bui-hl")
    return copy.outerHTML
  })

/** A page that cannot fold positions itself: the game's events never reach it, so it asks the server. */
const serverOnlyPage = async (browser: Browser): Promise<Page> => {
  const page = await newPage(browser)
  await page.route(/\/api\/games\/[^/]+\/(events|stream)/, (route) => route.abort())
  return page
}

describe.skipIf(e2e() === null)("stepping through a game", () => {
  let browser: Browser
  let last: number
  beforeAll(async () => {
    browser = await connect()
    const { apiUrl, organiser, games } = context()
    last = (await api(apiUrl, organiser).get(`/api/games/${games.finished}/timeline`, false)).version
  })
  afterAll(() => browser?.close())

  it("an ended game steps without the server: median ≤ 50 ms from → to the new board", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    const asked = positionRequests(page)
    const from = Math.floor(last / 3)
    await page.goto(`${siteUrl}/games/${games.finished}?at=${from}`)
    await waitForVersion(page, from)
    await page.waitForSelector("[data-testid=game-screen][data-positions=local]")
    asked.length = 0
    const times = await twentySteps(page, from)
    const median = percentile(times, 0.5)
    console.log(
      `stepping an ended game (folded here): median ${median.toFixed(1)} ms, p90 ${percentile(times, 0.9).toFixed(1)} ms`,
    )
    expect(asked).toEqual([])
    expect(median).toBeLessThanOrEqual(50)
    // Backwards, by round and across the game with the scrubber: still no request.
    await page.keyboard.press("ArrowLeft")
    await waitForVersion(page, from + 19)
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("End")
    await waitForVersion(page, last)
    await page.getByTestId("scrubber").fill(String(Math.floor(last / 2)))
    await waitForVersion(page, Math.floor(last / 2))
    expect(asked).toEqual([])
    await page.close()
  })

  it("positions folded here draw the same board as the server's view?at=, whole and as each seat", async () => {
    const { siteUrl, games } = context()
    const local = await newPage(browser)
    await local.goto(`${siteUrl}/games/${games.finished}?at=1`)
    await waitForVersion(local, 1)
    await local.waitForSelector("[data-testid=game-screen][data-positions=local]")
    const remote = await serverOnlyPage(browser)
    const seats = [null, 3]
    for (const at of [2, Math.floor(last / 2), last])
      for (const seat of seats) {
        const query = `?at=${at}${seat === null ? "" : `&seat=${seat}`}`
        // The local page steps there in place (the perspective menu, then the scrubber); the other loads it.
        await local.getByTestId("perspective").selectOption(seat === null ? "" : String(seat))
        await local.getByTestId("scrubber").fill(String(at))
        await waitForVersion(local, at)
        expect(new URL(local.url()).search).toBe(query)
        await remote.goto(`${siteUrl}/games/${games.finished}${query}`)
        await waitForVersion(remote, at)
        expect(await remote.getByTestId("game-screen").getAttribute("data-positions")).toBe("server")
        expect(await boardMarkup(local), `position ${at}, seat ${seat}`).toBe(await boardMarkup(remote))
      }
    await local.close()
    await remote.close()
  })

  it("without the events, the neighbouring positions are fetched ahead: steps find them cached", async () => {
    const { siteUrl, games } = context()
    const page = await serverOnlyPage(browser)
    const asked = positionRequests(page)
    const from = Math.floor(last / 3) + 40
    await page.goto(`${siteUrl}/games/${games.finished}?at=${from}`)
    await waitForVersion(page, from)
    const times: number[] = []
    const askedAfterThePress: string[] = []
    for (let v = from + 1; v <= from + 20; v++) {
      // A reader pauses on a position: long enough for the next ones to arrive.
      await page.waitForFunction(
        (n) =>
          performance
            .getEntriesByType("resource")
            .some((e) => new RegExp(`/view\\?at=${n}(&|$)`).test(e.name)),
        v,
      )
      await page.waitForTimeout(50)
      const before = asked.length
      times.push(await timedStep(page, "ArrowRight", v))
      // The step itself asked for its position only if it was not there yet: it always was.
      askedAfterThePress.push(
        ...asked.slice(before).filter((u) => new URL(u).searchParams.get("at") === String(v)),
      )
    }
    console.log(
      `stepping with positions fetched ahead: median ${percentile(times, 0.5).toFixed(1)} ms, p90 ${percentile(times, 0.9).toFixed(1)} ms`,
    )
    expect(askedAfterThePress).toEqual([])
    // For comparison, positions nobody fetched ahead: one round trip to the server each (stepping before).
    const cold: number[] = []
    for (let i = 1; i <= 10; i++) cold.push(await timedStep(page, null, Math.floor((last * i) / 11)))
    console.log(
      `jumping to positions not fetched ahead: median ${percentile(cold, 0.5).toFixed(1)} ms, p90 ${percentile(cold, 0.9).toFixed(1)} ms`,
    )
    // Ahead of the reader, never twice the same position.
    expect(asked.some((u) => new URL(u).searchParams.get("at") === String(from + 24))).toBe(true)
    expect(new Set(asked).size).toBe(asked.length)
    await page.close()
  })

  it("a live game is never folded here: its positions all come from the server", async () => {
    const { siteUrl, games } = context()
    const page = await newPage(browser)
    const asked = positionRequests(page)
    await page.goto(`${siteUrl}/games/${games.live}?at=3`)
    await waitForVersion(page, 3)
    await page.keyboard.press("ArrowRight")
    await waitForVersion(page, 4)
    expect(await page.getByTestId("game-screen").getAttribute("data-positions")).toBe("server")
    await page.waitForFunction(() =>
      performance.getEntriesByType("resource").some((e) => /\/view\?at=6(&|$)/.test(e.name)),
    )
    expect(asked.some((u) => new URL(u).searchParams.get("at") === "6")).toBe(true)
    await page.close()
  })
})
