import type { Page } from "playwright-core"

// A person at the play page, driven through the UI only: the play form's selects and button, the choice
// panel's buttons and number keys, and the board's places. What the page is doing is read from its
// data-attributes (data-testid=play-screen), so every wait is on the page's state, never a sleep.

export interface TableChoice {
  readonly game: string
  readonly rules?: string
  /** Each seat: "me", "invite" or "house:<bot>". */
  readonly seats: ReadonlyArray<string>
  readonly name: string
  readonly clock?: string
}

/** From the lobby's Play button through the form to the new game's play page; resolves with its id. */
export const startFromForm = async (page: Page, siteUrl: string, table: TableChoice): Promise<string> => {
  await page.goto(`${siteUrl}/`)
  await page.getByTestId("lobby-play").click()
  await page.locator("[data-testid=play-form][data-ready=true]").waitFor()
  await page.getByTestId("play-game").selectOption(table.game)
  if (table.rules !== undefined) await page.getByTestId("play-rules").selectOption(table.rules)
  await page.getByTestId("play-seats").selectOption(String(table.seats.length))
  // The person's own seat first: choosing it moves "You" away from wherever it was.
  const order = table.seats
    .map((_, i) => i)
    .sort((a, b) => Number(table.seats[b] === "me") - Number(table.seats[a] === "me"))
  for (const seat of order)
    await page.getByTestId(`play-seat-${seat}`).selectOption(table.seats[seat] as string)
  await page.getByTestId("play-name").fill(table.name)
  if (table.clock !== undefined) await page.getByTestId("play-clock").selectOption(table.clock)
  await page.getByTestId("play-start").click()
  await page.waitForURL(/\/games\/[^/]+\/play$/)
  await waitUntilHydrated(page)
  return decodeURIComponent(new URL(page.url()).pathname.split("/")[2] as string)
}

export const waitUntilHydrated = (page: Page) =>
  page.locator("[data-testid=play-screen][data-interactive=true]").waitFor()

/** The play page's state: ended, the seat's move (nothing in flight), or something else going on. */
export const turnOf = async (page: Page): Promise<"ended" | "mine"> => {
  const handle = await page.waitForFunction(() => {
    const s = document.querySelector("[data-testid=play-screen]")
    if (s === null || s.getAttribute("data-interactive") !== "true") return null
    if (s.getAttribute("data-status") === "ended") return "ended"
    if (s.getAttribute("data-owes") === "true" && s.getAttribute("data-busy") === "false") return "mine"
    return null
  })
  return (await handle.jsonValue()) as "ended" | "mine"
}

/** The version the play page shows. */
export const versionOf = async (page: Page): Promise<number> =>
  Number(await page.getByTestId("play-screen").getAttribute("data-version"))

/** Waits until the page shows a version other than `version` (the move went out and the game moved on). */
const movedOn = (page: Page, version: number) =>
  page.waitForFunction((v) => {
    const s = document.querySelector("[data-testid=play-screen]")
    return (
      s !== null && s.getAttribute("data-busy") === "false" && s.getAttribute("data-version") !== String(v)
    )
  }, version)

/** The choice panel's buttons, a folded group unfolded first when none shows (a long group starts folded). */
export const choiceButtons = async (page: Page) => {
  const panel = page.locator(".bui-choices")
  if ((await panel.locator(".bui-choice-button").count()) === 0)
    await panel.locator(".bui-choices-more").first().click()
  return panel.locator(".bui-choice-button")
}

/** How a decision is made: a click on the list, a number key, or a place on the board. */
export type Way = "click" | "key" | "board"

/**
 * Makes the seat's current decision through the UI, `way` when the page allows it (a number key needs a
 * numbered list, the board a ringed place), else by a click on the list; `pick` chooses among what is offered.
 * Resolves once the page has sent it and shows the game after it. Returns the way it was made.
 */
export const decide = async (page: Page, way: Way, pick: number): Promise<Way> => {
  const version = await versionOf(page)
  const panel = page.locator(".bui-choices")
  const error = panel.locator(".bui-choices-error")
  const buttons = await choiceButtons(page)
  const count = await buttons.count()
  // A board draws a wide and a tall layout and shows the one that fits: only the places shown count.
  const places = page
    .locator("[data-testid=play-board] .bui-play-board [data-choice=true]")
    .filter({ visible: true })
  const placeCount = way === "board" ? await places.count() : 0
  let used: Way = "click"
  if (way === "key" && count <= 9 && (await panel.locator(".bui-choice-key").count()) > 0) {
    await buttons.first().focus()
    await page.keyboard.press(String((pick % count) + 1))
    used = "key"
  } else if (placeCount > 0) {
    const place = places.nth(pick % placeCount)
    // On a phone the list is docked over the bottom of the screen: bring the place to the top, as a person
    // scrolls the board up to tap it.
    await place.evaluate((el) => el.scrollIntoView({ block: "start" }))
    await place.click()
    used = "board"
    // One choice there plays it; several narrow the list to them, and one of those is clicked.
    const narrowed = await page
      .waitForFunction((v) => {
        const s = document.querySelector("[data-testid=play-screen]")
        if (document.querySelector(".bui-choices-all") !== null) return "narrowed"
        return s?.getAttribute("data-busy") === "true" || s?.getAttribute("data-version") !== String(v)
          ? "sent"
          : null
      }, version)
      .then((h) => h.jsonValue())
    if (narrowed === "narrowed") {
      const left = panel.locator(".bui-choice-button")
      await left.nth(pick % (await left.count())).click()
    }
  } else await buttons.nth(pick % count).click()
  await movedOn(page, version)
  const refused = (await error.count()) > 0 ? ((await error.first().textContent()) ?? "") : ""
  if (refused !== "") throw new Error(`a legal choice was refused: ${refused}`)
  return used
}

/**
 * Plays the seat until the game ends, mixing clicks, number keys and board places; resolves with how many
 * decisions it made and how. Fails past `limit` decisions (a game that never ends is a bug).
 */
export const playToTheEnd = async (page: Page, limit = 400) => {
  const ways: Record<Way, number> = { click: 0, key: 0, board: 0 }
  const plan: Way[] = ["board", "key", "click"]
  // Where the time goes: the page's own (a decision sent and shown) and the table's (bots, the server).
  let deciding = 0
  let waiting = 0
  for (let n = 0; ; n++) {
    const t0 = Date.now()
    const turn = await turnOf(page)
    waiting += Date.now() - t0
    if (turn === "ended") return { decisions: n, ways, deciding, waiting }
    if (n >= limit) throw new Error(`still playing after ${limit} decisions`)
    const t1 = Date.now()
    ways[await decide(page, plan[n % plan.length] as Way, n * 7 + 3)]++
    deciding += Date.now() - t1
  }
}
