import { describe, expect, it } from "vitest"
import {
  checkMe,
  clearedSessionCookie,
  mayAct,
  reachedOverHttps,
  sessionCookie,
  sessionMaxAgeSeconds,
  sessionTokenOf,
} from "./session"

describe("the organiser's session cookie", () => {
  it("is httpOnly, SameSite=Strict, for the whole app, and lasts twelve hours", () => {
    expect(sessionCookie("s3cret", false)).toBe(
      "boroughs_organiser=s3cret; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200",
    )
    expect(sessionMaxAgeSeconds).toBe(43_200)
  })

  it("is Secure only when the browser came over https, directly or through a proxy that says so", () => {
    expect(sessionCookie("s3cret", true)).toMatch(/; Secure$/)
    expect(reachedOverHttps("https://admin.example/session", null)).toBe(true)
    expect(reachedOverHttps("http://127.0.0.1:3001/session", null)).toBe(false)
    expect(reachedOverHttps("http://127.0.0.1:3001/session", "https")).toBe(true)
    expect(reachedOverHttps("http://127.0.0.1:3001/session", "HTTPS, http")).toBe(true)
    expect(reachedOverHttps("https://admin.example/session", "http")).toBe(false)
  })

  it("is cleared by the same cookie, empty and already expired", () => {
    expect(clearedSessionCookie(true)).toBe(
      "boroughs_organiser=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure",
    )
  })

  it("gives back the token it was set with, among other cookies, and nothing when absent or spoilt", () => {
    const token = "tok_a+b/c=d;e"
    const header = sessionCookie(token, false).split(";")[0] as string
    expect(sessionTokenOf(`theme=dark; ${header}; other=1`)).toBe(token)
    expect(sessionTokenOf("theme=dark")).toBeNull()
    expect(sessionTokenOf(null)).toBeNull()
    expect(sessionTokenOf("boroughs_organiser=")).toBeNull()
    expect(sessionTokenOf("boroughs_organiser=%E0%A4%A")).toBeNull()
    expect(sessionTokenOf("xboroughs_organiser=nope")).toBeNull()
  })
})

describe("which requests may act", () => {
  it("lets reads through from anywhere: they change nothing", () => {
    expect(mayAct({ method: "GET", origin: null, host: "127.0.0.1:3001" })).toBe(true)
    expect(mayAct({ method: "GET", origin: "https://evil.example", host: "127.0.0.1:3001" })).toBe(true)
  })

  it("lets a change through only from a page of the app itself", () => {
    const host = "admin.example:8443"
    expect(mayAct({ method: "POST", origin: "https://admin.example:8443", host })).toBe(true)
    expect(mayAct({ method: "delete", origin: "https://ADMIN.example:8443", host })).toBe(true)
    expect(mayAct({ method: "POST", origin: "https://evil.example", host })).toBe(false)
    expect(mayAct({ method: "POST", origin: "https://admin.example", host })).toBe(false)
    expect(mayAct({ method: "DELETE", origin: null, host })).toBe(false)
    expect(mayAct({ method: "POST", origin: "null", host })).toBe(false)
    expect(mayAct({ method: "POST", origin: "https://admin.example:8443", host: null })).toBe(false)
  })
})

describe("the game server's word on a token offered at sign-in", () => {
  it("signs in an organiser's token", () => {
    expect(checkMe(200, { kind: "organiser", name: null, tokenId: null })).toEqual({ ok: true })
  })

  it("refuses any other kind, saying which it is and what is needed", () => {
    expect(checkMe(200, { kind: "bot", name: "outsider", tokenId: "k1" })).toEqual({
      ok: false,
      status: 403,
      body: { _tag: "Forbidden", message: "this is a bot token; the admin app needs an organiser token" },
    })
  })

  it("passes on the server's own refusal, and names a status it did not explain", () => {
    const unknown = { _tag: "Unauthorized", message: "this token is not one this server issued" }
    expect(checkMe(401, unknown)).toEqual({ ok: false, status: 401, body: unknown })
    expect(checkMe(500, "oops")).toEqual({
      ok: false,
      status: 500,
      body: { _tag: "Error", message: "the game server answered HTTP 500" },
    })
  })
})
