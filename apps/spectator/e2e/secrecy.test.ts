import { narrate } from "@boroughs/board-ui"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seatInfos } from "../lib/seats"
import { api } from "./api"
import { connect, context, e2e, newPage, waitForVersion } from "./browser"

// A Downtown game paused with some seats' sealed cards (or dials) in: what those seats chose, the salts of
// their commitments and the game's seed are known to the organiser (this test) and must reach no spectator —
// neither the page's text and markup nor anything the browser downloads, live stream included.

/** Reads a game's SSE stream through the site until it has caught up (`ready`). */
const streamUntilReady = async (url: string): Promise<string> => {
  const abort = new AbortController()
  const response = await fetch(url, { headers: { accept: "text/event-stream" }, signal: abort.signal })
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ""
  while (!text.includes("event: ready")) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
  }
  abort.abort()
  return text
}

describe.skipIf(e2e() === null)("a spectator never receives a hidden value", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await connect()
  })
  afterAll(() => browser?.close())

  it("secret cards and dials before their reveal: not in the DOM, not in any payload", async () => {
    const { siteUrl, apiUrl, organiser, games } = context()
    const a = api(apiUrl, organiser)
    const gameId = games.secret
    const full = (await a.get(`/api/games/${gameId}/events?limit=1000`)).events
    const seen = (await a.get(`/api/games/${gameId}/events?limit=1000`, false)).events
    const detail = await a.get(`/api/games/${gameId}`, false)
    expect(detail.status).toBe("live")
    const seats = seatInfos(detail.players)
    const publicJson = JSON.stringify(seen)
    const hidden = seen
      .filter((e: { redacted: boolean }) => e.redacted)
      .map((e: { version: number }) => full[e.version - 1])
      .filter(
        (e: { data: { salt?: string } }) =>
          typeof e.data.salt === "string" && !publicJson.includes(e.data.salt),
      )
    expect(hidden.length, "the seeded game is paused with unrevealed secrets").toBeGreaterThan(0)
    const salts: string[] = hidden.map((e: { data: { salt: string } }) => e.data.salt)
    const sentences: string[] = hidden.map((e: object) => narrate("downtown", e as never, seats))
    const seed = `e2e-seed-${gameId}`

    const page = await newPage(browser)
    const payloads: string[] = []
    page.on("response", async (response) => {
      if ((response.headers()["content-type"] ?? "").includes("text/event-stream")) return
      payloads.push(await response.text().catch(() => ""))
    })
    await page.goto(`${siteUrl}/games/${gameId}`)
    await waitForVersion(page, detail.version)
    await page.locator(`[data-testid=event-log] li[data-version="${detail.version}"]`).waitFor()
    // Replay positions around the secrets too (view?at through the site).
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowLeft")
    await waitForVersion(page, detail.version - 4)
    await page.goto(siteUrl)
    await page.getByTestId("lobby").waitFor()
    await page.goto(`${siteUrl}/games/${gameId}?at=${detail.version}`)
    await waitForVersion(page, detail.version)
    const markup = await page.content()
    // The text as a person sees it (rendered text, not the stylesheet's): innerText on purpose.
    // biome-ignore lint/performance/useDomNodeTextContent: see above.
    const text = await page.locator("body").innerText()
    payloads.push(await streamUntilReady(`${siteUrl}/api/games/${gameId}/stream`))
    await page.close()

    const everything = [markup, ...payloads].join("\n")
    for (const salt of salts) expect(everything).not.toContain(salt)
    expect(everything).not.toContain(seed)
    for (const sentence of sentences) expect(text).not.toContain(sentence)
    // Views reached the browser as a spectator's: nobody's secrets, no seat's own choices.
    expect(everything).not.toMatch(/"secrets":\{/)
    expect(everything).not.toMatch(/"mine":\{/)
    // What the page does say about those events is their public, redacted narration.
    const redacted = seen.filter((e: { redacted: boolean }) => e.redacted).at(-1)
    expect(text).toContain(narrate("downtown", redacted, seats))
  })
})
