import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, Download, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, context, newPage, screenshot, signIn } from "./browser"

let browser: Browser
let page: Page
let tournamentUrl = ""

/** A download's contents (the browser is remote: it is saved to a local file first). */
const contentsOf = async (download: Download): Promise<string> => {
  const file = join(mkdtempSync(join(tmpdir(), "boroughs-admin-download-")), download.suggestedFilename())
  await download.saveAs(file)
  return readFileSync(file, "utf8")
}

/** A call to the game server's API with the organiser token, its JSON answer. */
const organiserFetch = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${context().apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${context().organiser}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = await response.json()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

/** A three-seat Bluff Dice game without a clock whose seats nobody plays: it waits, live, for the organiser. */
const createLiveGame = (gameId: string) =>
  organiserFetch("POST", "/api/games", {
    game: "bluff-dice",
    seats: 3,
    gameId,
    players: ["player:ann", "player:bob", "player:cy"],
    seed: gameId,
    options: { rounds: 2, sides: 6 },
    decisionMs: null,
  })

/** The types on a game's organiser trail, read through the API (which records nothing). */
const trailTypes = async (gameId: string): Promise<string[]> =>
  (await organiserFetch("GET", `/api/games/${gameId}/trail`)).entries.map((e: { type: string }) => e.type)

/** Polls `probe` every 100 ms for up to 10 s until it answers something other than null. */
const waitFor = async <A>(probe: () => Promise<A | null>): Promise<A> => {
  for (let i = 0; i < 100; i++) {
    const answer = await probe()
    if (answer !== null) return answer
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error("gave up waiting")
}

beforeAll(async () => {
  browser = await connect()
  page = await newPage(browser)
})
afterAll(async () => {
  await browser?.close()
})

describe("the admin app, in Chromium against a real server", () => {
  it("refuses a token that is not an organiser's, and keeps signed-out visitors on the sign-in page", async () => {
    await page.goto(`${context().appUrl}/tournaments`)
    await page.waitForURL(`${context().appUrl}/`)
    await signIn(page, "not-a-real-token-0123456789")
    await page.getByTestId("signin-error").filter({ hasText: "not one this server issued" }).waitFor()
    const bot = await fetch(`${context().apiUrl}/api/tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${context().organiser}`, "content-type": "application/json" },
      body: JSON.stringify({ kind: "bot", name: "outsider" }),
    }).then((r) => r.json())
    await signIn(page, bot.token)
    await page.getByTestId("signin-error").filter({ hasText: "needs an organiser token" }).waitFor()
    await screenshot(page, "signin")
  })

  it("signs in with the organiser token and creates a Swiss tournament that runs to standings", async () => {
    await signIn(page)
    await page.waitForURL(/\/tournaments$/)
    await expect(page.getByTestId("signing-key").textContent()).resolves.toMatch(/[0-9a-f]{64}/)
    const form = page.getByTestId("new-tournament")
    await form.getByLabel("Name", { exact: true }).fill("Spring cup")
    await form.locator("select[name=game]").selectOption("bluff-dice")
    // The table size offered is the game's own seat range, from the catalogue (Bluff Dice: 2–5).
    const tableSize = form.getByLabel("Seats per table")
    await expect(tableSize.getAttribute("min")).resolves.toBe("2")
    await expect(tableSize.getAttribute("max")).resolves.toBe("5")
    await form.getByLabel("Rounds", { exact: true }).fill("3")
    await form.getByLabel("Seats per table").fill("3")
    await form.getByLabel("Built-in “middle” bots").fill("4")
    await form.getByLabel("Built-in “random” bots").fill("3")
    await expect(form.getByText("7 entrants · 1 bye a round").count()).resolves.toBe(1)
    await form.getByLabel("Pairing seed (optional; public, pairings follow from it)").fill("spring-cup-2026")
    await form.getByLabel("Time per decision (ms)").fill("5000")
    // Paced a little (the form offers 1 s between bots' moves), and watched by everyone a few events behind.
    await form.getByLabel("Built-in bots' pace (ms between moves)").fill("150")
    await form.locator("select[name=spectators]").selectOption("delayed")
    await form.getByLabel("Events behind", { exact: true }).fill("3")
    await form.getByRole("button", { name: "Create and start" }).click()
    await page.waitForURL(/\/tournaments\/t[0-9a-f]+$/)
    tournamentUrl = page.url()
    // The seed and the clock chosen in the form are the tournament's, on the page and through the API.
    await expect(page.getByTestId("pairing-seed").textContent()).resolves.toBe("spring-cup-2026")
    await expect(page.getByTestId("decision-ms").textContent()).resolves.toBe("5000 ms per decision")
    await expect(page.getByTestId("pace").textContent()).resolves.toBe("bots' moves 150 ms apart")
    await expect(page.getByTestId("spectators").textContent()).resolves.toBe(
      "everyone watches 3 events behind",
    )
    const created = await fetch(`${context().apiUrl}/api/tournaments/${tournamentUrl.split("/").pop()}`, {
      headers: { authorization: `Bearer ${context().organiser}` },
    }).then((r) => r.json())
    expect(created).toMatchObject({
      pairingSeed: "spring-cup-2026",
      decisionMs: 5000,
      tableSize: 3,
      rounds: 3,
      paceMs: 150,
      spectators: { mode: "delayed", events: 3 },
    })
    await page.getByTestId("status").filter({ hasText: "ended" }).waitFor({ timeout: 120_000 })
    await expect(page.getByTestId("standings").locator("tbody tr").count()).resolves.toBe(7)
    await page.getByTestId("rating-chart").locator(".bui-chart-line").first().waitFor()
    await expect(page.getByTestId("round-3").textContent()).resolves.toContain("sealed")

    await page.getByLabel("Note", { exact: true }).fill("all rounds played without incident")
    await page.getByLabel("Reason (recorded with the action)").fill("closing remarks")
    await page.getByRole("button", { name: "Add note" }).click()
    await page.getByTestId("trail").getByText("closing remarks").waitFor()
    await screenshot(page, "tournament")
  })

  it("downloads the standings and the pairings as CSV, and prints a round's pairings", async () => {
    await page.goto(tournamentUrl)
    await page.getByTestId("status").filter({ hasText: "ended" }).waitFor()
    const [standings] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download standings (CSV)" }).click(),
    ])
    expect(standings.suggestedFilename()).toBe("Spring cup-standings.csv")
    const standingLines = (await contentsOf(standings)).split("\r\n")
    expect(standingLines[0]).toBe("Rank,Entrant,Plays,Points,Games,Wins,Byes,Opposition,Rating")
    expect(standingLines).toHaveLength(1 + 7 + 1) // the header, an entrant a line, the last line's end
    expect(standingLines[1]).toMatch(/^1,(middle|random)-\d,builtin:(middle|random),\d\.\d\d,\d+,\d+,[01],/)

    const [pairings] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download pairings and results (CSV)" }).click(),
    ])
    expect(pairings.suggestedFilename()).toBe("Spring cup-pairings.csv")
    const pairingLines = (await contentsOf(pairings)).split("\r\n")
    expect(pairingLines[0]).toBe("Round,Table,Game,Seat,Entrant,Rank,Score,Result")
    // Three rounds of two tables of three and a bye.
    expect(pairingLines).toHaveLength(1 + 3 * (2 * 3 + 1) + 1)
    expect(pairingLines[1]).toMatch(/^1,1,t[0-9a-f]+-r1-t1,0,(middle|random)-\d,[1-3],[\d.-]+,/)
    expect(pairingLines).toContainEqual(expect.stringMatching(/^3,,,,(middle|random)-\d,,,bye$/))

    // The print view of round 1: its two tables, their seats in order, the same entrants as the file.
    await page.getByTestId("round-1").getByRole("link", { name: "Print pairings" }).click()
    await page.waitForURL(/\/rounds\/1$/)
    const sheet = page.getByTestId("print-pairings")
    await sheet.waitFor()
    await expect(sheet.locator("tbody").count()).resolves.toBe(2)
    await expect(sheet.locator("tbody tr").count()).resolves.toBe(6)
    const tableOne = pairingLines.filter((line) => line.startsWith("1,1,")).map((line) => line.split(",")[4])
    await expect(
      page.getByTestId("print-table-1").locator("td:nth-of-type(2)").allTextContents(),
    ).resolves.toEqual(tableOne)
    await page.getByTestId("print-byes").filter({ hasText: "Bye this round:" }).waitFor()
    // On paper: the tables alone, without the navigation and the buttons.
    await page.emulateMedia({ media: "print" })
    await expect(page.getByRole("button", { name: "Print" }).isVisible()).resolves.toBe(false)
    await expect(page.getByRole("link", { name: "Tokens" }).isVisible()).resolves.toBe(false)
    await expect(sheet.isVisible()).resolves.toBe(true)
    await page.emulateMedia({ media: null })
    await screenshot(page, "print-pairings")
  })

  it("opens a game with everything revealed, the view itself recorded in the trail", async () => {
    await page.goto(tournamentUrl)
    await page.getByRole("link", { name: "result →" }).first().click()
    await page.waitForURL(/\/games\//)
    await page.getByText(/this view was recorded as access-/).waitFor()
    await page.getByTestId("trail").getByText("OrganiserViewed").first().waitFor()
    await screenshot(page, "game")
  })

  it("draws a live game on the spectator board, everything shown, and follows it without a reload", async () => {
    // An Uptown game whose first seat nobody plays: its clock moves for it every 1.5 s, the house bots at
    // once, so the game goes on by itself while the page is open.
    await organiserFetch("POST", "/api/games", {
      game: "uptown",
      seats: 4,
      gameId: "e2e-board",
      players: ["player:ann", "builtin:heuristic", "builtin:heuristic", "builtin:heuristic"],
      names: ["Ann", null, null, null],
      seed: "e2e-board",
      decisionMs: 1_500,
    })
    await page.goto(`${context().appUrl}/games/e2e-board`)
    const board = page.getByTestId("organiser-board")
    await board.getByRole("region", { name: "Uptown board" }).locator("svg").first().waitFor()
    await page.waitForFunction(
      (title) => document.title === title,
      "Uptown · Ann vs heuristic vs heuristic vs heuristic · Boroughs admin",
    )
    // The organiser's board shows every seat's hand (a spectator's hides them).
    const full = await organiserFetch("GET", "/api/games/e2e-board")
    const spectator = await fetch(`${context().apiUrl}/api/games/e2e-board`).then((r) => r.json())
    expect(JSON.stringify(full.view)).not.toBe(JSON.stringify(spectator.view))
    const first = Number(await page.getByTestId("board-version").textContent())
    // Live: the version on the page moves on by itself, and the seat to move shows its clock.
    await waitFor(async () =>
      Number(await page.getByTestId("board-version").textContent()) > first ? true : null,
    )
    await page.getByTestId("seat-row").first().getByRole("timer").waitFor()
    await screenshot(page, "game-board")
    await organiserFetch("POST", "/api/games/e2e-board/actions", {
      action: { type: "Adjudicate", ranks: [1, 2, 2, 2], scores: [1, 0, 0, 0] },
      reason: "end of the test",
    })
    await page.locator(".badge").filter({ hasText: "ended" }).waitFor()
  })

  it("names players in the register; new games show the names; removing and revoking ask first", async () => {
    await page.goto(`${context().appUrl}/names`)
    const form = page.getByTestId("name-form")
    await form.getByLabel("Kind").selectOption("player")
    await form.getByLabel("Holder name (as on its token)").fill("ann")
    await form.getByLabel("Display name").fill("  Ann Lee ")
    await form.getByRole("button", { name: "Save" }).click()
    await page.getByRole("status").filter({ hasText: "player:ann is shown as “Ann Lee”" }).waitFor()
    await page.getByTestId("names").getByRole("cell", { name: "Ann Lee", exact: true }).waitFor()
    // A name the server refuses is said, and nothing is registered.
    await form.getByLabel("Holder name (as on its token)").fill("ben")
    await form.getByLabel("Display name").fill("\u202eneB")
    await form.getByRole("button", { name: "Save" }).click()
    await page.getByRole("alert").filter({ hasText: "display name" }).waitFor()
    await expect(page.getByTestId("names").locator("tbody tr").count()).resolves.toBe(1)
    await screenshot(page, "names")

    // A game created now shows her name, here and on the admin's game page.
    const game = await organiserFetch("POST", "/api/games", {
      game: "bluff-dice",
      seats: 2,
      gameId: "e2e-named",
      players: ["player:ann", "builtin:random"],
      seed: "e2e-named",
      decisionMs: null,
    })
    expect(game.names).toEqual(["Ann Lee", null])
    await page.goto(`${context().appUrl}/games/e2e-named`)
    await page.getByTestId("seat-row").first().getByRole("cell", { name: "Ann Lee", exact: true }).waitFor()

    // Removing asks, saying what changes and what does not; Cancel keeps her.
    await page.goto(`${context().appUrl}/names`)
    const dialog = page.getByTestId("confirm-dialog")
    await page.getByRole("button", { name: "Remove…" }).click()
    await dialog.getByText("games already created keep “Ann Lee”").waitFor()
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await dialog.waitFor({ state: "detached" })
    await page.getByRole("button", { name: "Remove…" }).click()
    await dialog.getByRole("button", { name: "Remove" }).click()
    await dialog.waitFor({ state: "detached" })
    await page.getByText("Nobody is named yet").waitFor()
    expect((await organiserFetch("GET", "/api/names")).names).toEqual([])

    // Revoking a token asks too.
    const issued = await organiserFetch("POST", "/api/tokens", { kind: "bot", name: "to-revoke" })
    await page.goto(`${context().appUrl}/tokens`)
    const row = page.locator("tr", { has: page.getByRole("cell", { name: "bot:to-revoke" }) })
    await row.getByRole("button", { name: "Revoke…" }).click()
    await dialog.getByText("bot:to-revoke can no longer move in its games").waitFor()
    await dialog.getByRole("button", { name: "Revoke" }).click()
    await dialog.waitFor({ state: "detached" })
    await row.getByText("revoked").waitFor()
    const me = await fetch(`${context().apiUrl}/api/me`, {
      headers: { authorization: `Bearer ${issued.token}` },
    })
    expect(me.status).toBe(401)
  })

  it("asks before each game action, saying what will happen; Cancel and Escape change nothing", async () => {
    await createLiveGame("e2e-asked")
    await page.goto(`${context().appUrl}/games/e2e-asked`)
    await page.getByText(/this view was recorded as access-/).waitFor()
    // Seats from 1, as on the spectator site, and the way to the public board.
    await page.getByRole("cell", { name: "Seat 3", exact: true }).waitFor()
    await expect(
      page.getByRole("link", { name: "Open the public board" }).getAttribute("href"),
    ).resolves.toMatch(/\/games\/e2e-asked$/)

    const dialog = page.getByTestId("confirm-dialog")
    await page.getByRole("combobox", { name: /^Seat\b/ }).selectOption({ label: "Seat 3 (player:cy)" })
    await page.getByRole("button", { name: "Forfeit seat…" }).click()
    await dialog
      .getByText("Seat 3 (player:cy) forfeits: the server plays its default moves for the rest of the game.")
      .waitFor()
    // A modal: it opens on the reason, and the page behind cannot be focused.
    const reasonField = dialog.getByLabel("Reason (recorded with the action)")
    await expect(reasonField.evaluate((field) => field === document.activeElement)).resolves.toBe(true)
    const focusable = await page.getByRole("button", { name: "Forfeit seat…" }).evaluate((button) => {
      ;(button as HTMLElement).focus()
      return document.activeElement === button
    })
    expect(focusable).toBe(false)
    await screenshot(page, "confirm-forfeit")
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await dialog.waitFor({ state: "detached" })
    await page.getByRole("button", { name: "Pause" }).click()
    await dialog.getByText("The game pauses").waitFor()
    await page.keyboard.press("Escape")
    await dialog.waitFor({ state: "detached" })
    // Confirming without a reason sends nothing either.
    await page.getByRole("button", { name: "Pause" }).click()
    await dialog.getByRole("button", { name: "Pause" }).click()
    await dialog.getByRole("alert").filter({ hasText: "Give a reason" }).waitFor()
    await dialog.getByRole("button", { name: "Cancel" }).click()
    expect(await trailTypes("e2e-asked")).toEqual(["OrganiserViewed"])
    await expect(page.locator(".badge").textContent()).resolves.toBe("live")

    // Confirmed with reasons: pause, resume, forfeit; the page re-reads the game after each, one view on record.
    const confirm = async (button: string, confirmLabel: string, reason: string) => {
      await page.getByRole("button", { name: button, exact: true }).click()
      await dialog.getByLabel("Reason (recorded with the action)").fill(reason)
      await dialog.getByRole("button", { name: confirmLabel, exact: true }).click()
      await dialog.waitFor({ state: "detached" })
    }
    await confirm("Pause", "Pause", "a dispute at the table")
    await page.locator(".badge").filter({ hasText: "paused" }).waitFor()
    await confirm("Resume", "Resume", "dispute settled")
    await page.locator(".badge").filter({ hasText: "live" }).waitFor()
    await confirm("Forfeit seat…", "Forfeit", "cy left the room")
    await page
      .locator("tr", { has: page.getByRole("cell", { name: "Seat 3", exact: true }) })
      .getByText("forfeited", { exact: true })
      .waitFor()
    await page.getByTestId("trail").getByText("cy left the room").waitFor()
    // The trail numbers seats as the page does, from 1.
    await page.getByTestId("trail").getByText("seat 3 forfeited").waitFor()
    expect(await trailTypes("e2e-asked")).toEqual([
      "GamePaused",
      "GameResumed",
      "SeatForfeited",
      "OrganiserViewed",
    ])
    await expect(page.getByTestId("trail").getByText("OrganiserViewed").count()).resolves.toBe(1)
  })

  it("refuses adjudication entries that are not a result, with a message, and sends nothing", async () => {
    await createLiveGame("e2e-refused")
    await page.goto(`${context().appUrl}/games/e2e-refused`)
    const form = page.getByTestId("adjudication")
    const problems = page.getByTestId("adjudication-problems")
    const enter = async (ranks: string[], scores: string[]) => {
      for (const [i, rank] of ranks.entries()) {
        await form.getByLabel(`Rank of seat ${i + 1}`).fill(rank)
        await form.getByLabel(`Score of seat ${i + 1}`).fill(scores[i] as string)
      }
      await form.getByRole("button", { name: "Adjudicate…" }).click()
    }
    await enter(["1", "1", "2"], ["5", "5", "1"])
    await problems
      .getByText(
        "Seat 3 has rank 2, but 2 seats rank ahead of it: its rank must be 3 (tied seats share a rank and the next rank skips, as in 1, 1, 3).",
      )
      .waitFor()
    await enter(["", "4", "1"], ["1", "many", "2"])
    await problems.getByText("Seat 1: enter a rank.").waitFor()
    await problems.getByText("Seat 2: the rank must be a whole number from 1 to 3.").waitFor()
    await problems.getByText("Seat 2: the score must be a number.").waitFor()
    await screenshot(page, "adjudication-refused")
    await expect(page.getByTestId("confirm-dialog").count()).resolves.toBe(0)
    expect(await trailTypes("e2e-refused")).toEqual(["OrganiserViewed"])
  })

  it("adjudicates with the ranks and scores entered, after confirmation", async () => {
    await createLiveGame("e2e-ruled")
    await page.goto(`${context().appUrl}/games/e2e-ruled`)
    const form = page.getByTestId("adjudication")
    for (const [i, [rank, score]] of [
      ["2", "4"],
      ["1", "7.5"],
      ["2", "4"],
    ].entries()) {
      await form.getByLabel(`Rank of seat ${i + 1}`).fill(rank as string)
      await form.getByLabel(`Score of seat ${i + 1}`).fill(score as string)
    }
    await form.getByRole("button", { name: "Adjudicate…" }).click()
    const dialog = page.getByTestId("confirm-dialog")
    await dialog.getByText("Seat 2 (player:bob): rank 1, score 7.5").waitFor()
    await dialog.getByLabel("Reason (recorded with the action)").fill("time ran out")
    await dialog.getByRole("button", { name: "End the game" }).click()
    await page.locator(".badge").filter({ hasText: "ended" }).waitFor()
    const ended = await waitFor(async () => {
      const game = await organiserFetch("GET", "/api/games/e2e-ruled")
      return game.outcome ?? null
    })
    expect(ended).toMatchObject({ ranks: [2, 1, 2], scores: [4, 7.5, 4], reason: "adjudicated" })
    expect(await trailTypes("e2e-ruled")).toEqual(["GameEnded", "OrganiserViewed"])
  })

  it("reads the audit report and downloads it as JSON and as text", async () => {
    await page.goto(`${tournamentUrl}/audit`)
    await expect(page.getByTestId("verdict").textContent()).resolves.toBe("SOUND")
    await expect(page.getByTestId("audit-rounds").locator("tbody tr").count()).resolves.toBe(3)
    await expect(page.getByTestId("audit-rounds").textContent()).resolves.toContain("valid")
    await page.getByTestId("text-report").filter({ hasText: "SOUND" }).waitFor()
    const [json] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download report (JSON)" }).click(),
    ])
    expect(json.suggestedFilename()).toMatch(/^audit-t[0-9a-f]+\.json$/)
    const report = JSON.parse(await contentsOf(json))
    expect(report).toMatchObject({ ok: true, problems: [] })
    expect(report.rounds).toHaveLength(3)
    const [text] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download report (text)" }).click(),
    ])
    expect(await contentsOf(text)).toMatch(/^SOUND {2}tournament t[0-9a-f]+ "Spring cup"/)
    await screenshot(page, "audit")
  })
})
