import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, context, signIn } from "./browser"

// Sign-in is kept by the app's server in an httpOnly cookie: every tab of the browser shares it, a reload
// keeps it, sign-out ends it everywhere, and the page's scripts never see the token.
let browser: Browser
let session: BrowserContext

const openPage = async (): Promise<Page> => {
  const page = await session.newPage()
  page.setDefaultTimeout(60_000)
  return page
}

/** Everything the page's own scripts can read of its storage and cookies. */
const readableByScripts = (page: Page) =>
  page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }))

beforeAll(async () => {
  browser = await connect()
  session = await browser.newContext({ viewport: { width: 1280, height: 900 } })
})
afterAll(async () => {
  await browser?.close()
})

describe("the organiser's sign-in, in Chromium against a real server", () => {
  it("holds in a second tab and after a reload, out of the page scripts' reach, and ends everywhere at sign-out", async () => {
    const first = await openPage()
    await signIn(first)
    await first.waitForURL(/\/tournaments$/)
    await first.getByTestId("new-tournament").waitFor()

    const second = await openPage()
    await second.goto(`${context().appUrl}/tournaments`)
    await second.getByTestId("new-tournament").waitFor()
    // A new tab opened on the sign-in page goes straight on.
    const third = await openPage()
    await third.goto(`${context().appUrl}/`)
    await third.waitForURL(/\/tournaments$/)
    await third.close()
    await first.reload()
    await first.getByTestId("new-tournament").waitFor()
    expect(first.url()).toMatch(/\/tournaments$/)

    const organiser = context().organiser
    for (const page of [first, second]) {
      const readable = await readableByScripts(page)
      for (const place of Object.values(readable)) expect(place).not.toContain(organiser)
    }
    const [cookie, ...others] = await session.cookies(context().appUrl)
    expect(others).toEqual([])
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", secure: false, path: "/" })
    // A session of hours, not a permanent one.
    const hoursLeft = ((cookie?.expires ?? 0) - Date.now() / 1000) / 3600
    expect(hoursLeft).toBeGreaterThan(11.9)
    expect(hoursLeft).toBeLessThanOrEqual(12)

    await first.getByRole("button", { name: "Sign out" }).click()
    await first.waitForURL(`${context().appUrl}/`)
    await expect(session.cookies(context().appUrl)).resolves.toEqual([])
    // The other tab polls the tournaments: its next call finds no sign-in and takes it to the sign-in page.
    await second.waitForURL(/\/\?signed-out=1$/)
    await second.getByTestId("signed-out").waitFor()
    await first.goto(`${context().appUrl}/tokens`)
    await first.waitForURL(`${context().appUrl}/`)
  })

  it("refuses a wrong token and a player's, with the reason, setting no cookie", async () => {
    const page = await openPage()
    await signIn(page, "not-a-real-token-0123456789")
    await page.getByTestId("signin-error").filter({ hasText: "not one this server issued" }).waitFor()
    const player = await fetch(`${context().apiUrl}/api/tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${context().organiser}`, "content-type": "application/json" },
      body: JSON.stringify({ kind: "player", name: "visitor" }),
    }).then((r) => r.json())
    await signIn(page, player.token)
    await page
      .getByTestId("signin-error")
      .filter({ hasText: "this is a player token; the admin app needs an organiser token" })
      .waitFor()
    await expect(session.cookies(context().appUrl)).resolves.toEqual([])
    expect(page.url()).toBe(`${context().appUrl}/`)
  })

  it("refuses changes sent from another site, even with the cookie, and ignores a token the page sends", async () => {
    const signedIn = await fetch(`${context().appUrl}/session`, {
      method: "POST",
      headers: { origin: context().appUrl, "content-type": "application/json" },
      body: JSON.stringify({ token: context().organiser }),
    })
    expect(signedIn.status).toBe(204)
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] as string
    expect(cookie).toMatch(/^boroughs_organiser=./)

    const forged = await fetch(`${context().appUrl}/api/tokens`, {
      method: "POST",
      headers: { cookie, origin: "https://elsewhere.example", "content-type": "application/json" },
      body: JSON.stringify({ kind: "bot", name: "forged" }),
    })
    expect(forged.status).toBe(403)
    await expect(forged.json()).resolves.toMatchObject({ _tag: "Forbidden" })
    const noOrigin = await fetch(`${context().appUrl}/session`, { method: "DELETE", headers: { cookie } })
    expect(noOrigin.status).toBe(403)
    // The same read with the cookie works; a bearer token sent without it does not: only the session counts.
    const withCookie = await fetch(`${context().appUrl}/api/me`, { headers: { cookie } })
    await expect(withCookie.json()).resolves.toMatchObject({ kind: "organiser" })
    const bearerOnly = await fetch(`${context().appUrl}/api/me`, {
      headers: { authorization: `Bearer ${context().organiser}` },
    })
    expect(bearerOnly.status).toBe(401)
    await expect(bearerOnly.json()).resolves.toMatchObject({ _tag: "Unauthorized" })
  })
})
