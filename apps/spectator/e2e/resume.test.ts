import type { ChildProcess } from "node:child_process"
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net"
import { freePort, startNextApp, stop } from "@boroughs/web-shared/e2e"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, play } from "./api"
import { connect, context, e2e, newPage, screenshot, waitForVersion } from "./browser"
import { siteDir } from "./globalSetup"

/**
 * The network between the site and the game server, as a TCP relay the test can cut (every connection
 * dropped, nothing listening) and restore on the same port.
 */
const relay = (port: number, target: number) => {
  let server: Server | null = null
  const sockets = new Set<Socket>()
  const open = () =>
    new Promise<void>((done) => {
      server = createServer((client) => {
        const upstream = tcpConnect(target, "127.0.0.1")
        for (const s of [client, upstream]) {
          sockets.add(s)
          s.on("close", () => sockets.delete(s))
          s.on("error", () => s.destroy())
        }
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, "127.0.0.1", () => done())
    })
  const cut = () =>
    new Promise<void>((done) => {
      for (const s of sockets) s.destroy()
      server?.close(() => done())
    })
  return { open, cut }
}

// A network drop in the middle of a live game: the site reaches the suite's game server through a relay
// this file cuts and restores, while moves keep being played.
describe.skipIf(e2e() === null)("a live game page across a network drop", () => {
  let browser: Browser
  let site: ChildProcess | undefined
  let siteUrl: string
  let network: ReturnType<typeof relay>

  beforeAll(async () => {
    browser = await connect()
    const { apiUrl, organiser } = context()
    const a = api(apiUrl, organiser)
    await a.post("/api/games", { game: "downtown", seats: 3, gameId: "e2e-resume", decisionMs: null })
    await play(a, "e2e-resume", 8)
    const relayPort = await freePort()
    network = relay(relayPort, Number(new URL(apiUrl).port))
    await network.open()
    const started = await startNextApp(siteDir, `http://127.0.0.1:${relayPort}`)
    site = started.child
    siteUrl = started.url
  })
  afterAll(async () => {
    await browser?.close()
    await stop(site)
    await network?.cut()
  })

  it("says the server cannot be reached, then resumes the stream where it stopped: nothing lost or repeated", async () => {
    const { apiUrl, organiser } = context()
    const a = api(apiUrl, organiser)
    const page = await newPage(browser)
    await page.goto(`${siteUrl}/games/e2e-resume`)
    const before = (await a.get("/api/games/e2e-resume", false)).version
    await waitForVersion(page, before)
    await page.locator(`[data-testid=event-log] li[data-version="${before}"]`).waitFor()

    await network.cut()
    await page.getByTestId("server-down").waitFor()
    // Moves go on while this spectator is cut off.
    const during = (await play(a, "e2e-resume", 3)).version
    expect(during).toBeGreaterThan(before)
    await screenshot(page, "error-server-down-live")

    await network.open()
    const after = (await play(a, "e2e-resume", 2)).version
    await waitForVersion(page, after)
    await page.locator(`[data-testid=event-log] li[data-version="${after}"]`).waitFor()
    await page.getByTestId("server-down").waitFor({ state: "detached" })
    const versions = await page
      .locator("[data-testid=event-log] li")
      .evaluateAll((items) => items.map((li) => Number(li.getAttribute("data-version"))))
    expect(versions).toEqual(Array.from({ length: after }, (_, i) => i + 1))
    await page.close()
  }, 300_000)
})
