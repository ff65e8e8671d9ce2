// biome-ignore-all lint/suspicious/noExplicitAny: the test reads whatever JSON the browser received.
import { narrate } from "@boroughs/board-ui"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seatInfos } from "../lib/seats"
import { api } from "./api"
import { failing, findings } from "./axe"
import { connect, context, e2e } from "./browser"
import { decide, startFromForm, versionOf, waitUntilHydrated } from "./playing"

// Two people at one Downtown table, each in a browser of their own: Ann starts the game (the play form) and
// invites Ben (his link: /join?game=&token=), a house bot takes the third seat. Whenever Ann's secret voting
// card or dial is in and Ben's is not, nothing Ben's browser has received — pages, API answers, every SSE
// message of his stream — holds Ann's secret: not its salt, not the card or dial in Ben's view (his `mine`
// is his own, still empty, and `secrets` is null), not the sentence that would tell it.

/** What a browser context received: every answer's body, and every SSE chunk its page's JavaScript read. */
const recorder = async (browsing: BrowserContext) => {
  const bodies: string[] = []
  // The page's own fetch, wrapped: an SSE answer is teed so the test reads what the page read.
  await browsing.addInitScript(() => {
    const w = window as any
    w.__sse = []
    const original = window.fetch.bind(window)
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await original(...args)
      if (
        !(response.headers.get("content-type") ?? "").includes("text/event-stream") ||
        response.body === null
      )
        return response
      const [page, copy] = response.body.tee()
      void (async () => {
        const reader = copy.getReader()
        const decoder = new TextDecoder()
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          w.__sse.push(decoder.decode(value, { stream: true }))
        }
      })()
      return new Response(page, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    }
  })
  browsing.on("response", async (response) => {
    if ((response.headers()["content-type"] ?? "").includes("text/event-stream")) return
    bodies.push(await response.text().catch(() => ""))
  })
  return {
    /** Everything received so far: bodies, SSE, and the pages' markup now. */
    everything: async (pages: ReadonlyArray<Page>) => {
      const sse = await Promise.all(
        pages.map((p) => p.evaluate(() => ((window as any).__sse as string[]).join(""))),
      )
      const markup = await Promise.all(pages.map((p) => p.content()))
      return { bodies: [...bodies], sse: sse.join("\n"), markup: markup.join("\n") }
    },
    /** The views among the JSON bodies received since `from` (an index into the bodies). */
    viewsSince: (from: number) =>
      bodies.slice(from).flatMap((b) => {
        try {
          const json = JSON.parse(b)
          return json && typeof json === "object" && "view" in json ? [json.view] : []
        } catch {
          return []
        }
      }),
    count: () => bodies.length,
  }
}

const owes = async (page: Page) =>
  (await page.getByTestId("play-screen").getAttribute("data-owes")) === "true" &&
  (await page.getByTestId("play-screen").getAttribute("data-busy")) === "false"

describe.skipIf(e2e() === null)("a seat's secrets reach no other seat's browser", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connect()
  })
  afterAll(() => browser?.close())

  it("Ann's sealed card and dial never reach Ben's browser before their reveal", async () => {
    const { siteUrl, apiUrl, organiser } = context()
    const organiserApi = api(apiUrl, organiser)
    const annContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const benContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const ben = await recorder(benContext)
    try {
      const annPage = await annContext.newPage()
      const benPage = await benContext.newPage()
      for (const p of [annPage, benPage]) p.setDefaultTimeout(30_000)
      const gameId = await startFromForm(annPage, siteUrl, {
        game: "downtown",
        rules: "standard",
        seats: ["me", "invite", "house:random"],
        name: "Ann",
        clock: "none",
      })
      const link = await annPage.getByTestId("invite-link").inputValue()
      expect(link).toMatch(/\/join\?game=.+&token=.+/)

      // Ben opens his link: asked for a name (his browser has none yet), then at his seat. The token is gone
      // from the address bar, and it never reaches his page's JavaScript.
      await benPage.goto(link)
      await benPage.waitForURL(/\/join\/name\?game=/)
      expect(await findings(benPage, failing), "the name form").toEqual([])
      await benPage.getByTestId("guest-name").fill("Ben")
      await benPage.getByTestId("take-seat").click()
      await benPage.waitForURL(/\/games\/[^/]+\/play$/)
      await waitUntilHydrated(benPage)
      expect(await benPage.getByTestId("my-name").textContent()).toBe("Ben")
      const benToken = new URL(link).searchParams.get("token") as string
      expect(await benPage.content()).not.toContain(benToken)
      expect(await benPage.evaluate(() => document.cookie)).not.toContain("boroughs_seat_")
      // Ann's page shows who took the seat.
      await annPage.getByTestId("invites").getByText("taken by Ben").waitFor()

      const annView = async () =>
        annPage.evaluate(async (id) => (await (await fetch(`/api/games/${id}`)).json()).view, gameId)
      const checked = new Set<string>()
      for (let step = 0; step < 200 && checked.size < 2; step++) {
        if ((await annPage.getByTestId("play-screen").getAttribute("data-status")) === "ended") break
        // Ann first: a simultaneous decision then has her secret in while Ben's is still his to make.
        await annPage.locator("[data-testid=play-screen][data-busy=false]").waitFor()
        const mark = ben.count()
        if (await owes(annPage)) await decide(annPage, "click", step)
        else if (await owes(benPage)) {
          await decide(benPage, "click", step)
          continue
        } else {
          // The house bot's turn: wait until someone owes again.
          await Promise.race([
            annPage.locator("[data-testid=play-screen][data-owes=true]").waitFor(),
            benPage.locator("[data-testid=play-screen][data-owes=true]").waitFor(),
          ])
          continue
        }
        const mine = (await annView()).mine as { vote: string | null; choice: unknown }
        const kind = mine.vote !== null ? "vote" : mine.choice !== null ? "dial" : null
        if (kind === null || checked.has(kind)) continue
        // Ben still owes his own card or dial: Ann's is a secret now. Wait until his page has caught up.
        const annVersion = await versionOf(annPage)
        await benPage.waitForFunction(
          (v) =>
            Number(document.querySelector("[data-testid=play-screen]")?.getAttribute("data-version")) >= v,
          annVersion,
        )
        if (!(await owes(benPage))) continue
        const full = (await organiserApi.get(`/api/games/${gameId}/events?limit=1000`)).events as any[]
        const secret = [...full]
          .reverse()
          .find(
            (e) =>
              e.data.seat === 0 &&
              typeof e.data.salt === "string" &&
              ["VoteCast", "ZoneChosen"].includes(e.type),
          )
        expect(secret, "Ann's sealed event").toBeDefined()
        const detail = await organiserApi.get(`/api/games/${gameId}`)
        const sentence = narrate("downtown", secret, seatInfos(detail.players, detail.names))
        const got = await ben.everything([benPage])
        const all = [got.markup, got.sse, ...got.bodies].join("\n")
        expect(all, `${kind}: Ann's salt`).not.toContain(secret.data.salt)
        // The page's text as Ben sees it: no sentence telling Ann's card or dial.
        // biome-ignore lint/performance/useDomNodeTextContent: rendered text on purpose.
        expect(await benPage.locator("body").innerText()).not.toContain(sentence)
        // Every view Ben received since Ann chose is his own: no one's secrets, his own still empty.
        const views = ben.viewsSince(mark)
        expect(views.length, "Ben's page read his view since").toBeGreaterThan(0)
        for (const view of views) {
          expect(view.secrets).toBeNull()
          expect(kind === "vote" ? view.mine?.vote : view.mine?.choice).toBeNull()
        }
        // What Ben may know: that Ann's is in.
        expect(views.at(-1)?.[kind === "vote" ? "voted" : "chosen"]?.[0]).toBe(true)
        checked.add(kind)
      }
      expect([...checked].sort()).toEqual(["dial", "vote"])
    } finally {
      await annContext.close()
      await benContext.close()
    }
  })

  it("an invite link that cannot be used says why", async () => {
    const { siteUrl } = context()
    const browsing = await browser.newContext()
    try {
      const page = await browsing.newPage()
      await page.goto(`${siteUrl}/join?game=nope&token=short`)
      await page.locator("[data-testid=join-problem][data-reason=malformed]").waitFor()
      await page.goto(`${siteUrl}/join?game=e2e-live&token=brs_${"x".repeat(43)}`)
      await page.locator("[data-testid=join-problem][data-reason=unknown]").waitFor()
      // A play page without a seat says so, and points to the spectators' page.
      await page.goto(`${siteUrl}/games/e2e-live/play`)
      await page.getByTestId("no-seat").waitFor()
    } finally {
      await browsing.close()
    }
  })
})
