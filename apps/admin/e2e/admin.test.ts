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
    await form.getByRole("button", { name: "Create and start" }).click()
    await page.waitForURL(/\/tournaments\/t[0-9a-f]+$/)
    tournamentUrl = page.url()
    // The seed and the clock chosen in the form are the tournament's, on the page and through the API.
    await expect(page.getByTestId("pairing-seed").textContent()).resolves.toBe("spring-cup-2026")
    await expect(page.getByTestId("decision-ms").textContent()).resolves.toBe("5000 ms per decision")
    const created = await fetch(`${context().apiUrl}/api/tournaments/${tournamentUrl.split("/").pop()}`, {
      headers: { authorization: `Bearer ${context().organiser}` },
    }).then((r) => r.json())
    expect(created).toMatchObject({
      pairingSeed: "spring-cup-2026",
      decisionMs: 5000,
      tableSize: 3,
      rounds: 3,
    })
    await page.getByTestId("status").filter({ hasText: "ended" }).waitFor({ timeout: 120_000 })
    await expect(page.getByTestId("standings").locator("tbody tr").count()).resolves.toBe(7)
    await page.getByTestId("rating-chart").locator(".recharts-line").first().waitFor()
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
