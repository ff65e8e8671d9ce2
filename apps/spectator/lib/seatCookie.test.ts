import { describe, expect, it } from "vitest"
import {
  cookieOptions,
  gameOfApiPath,
  invitesCookieName,
  isHttps,
  parseCookieHeader,
  parseGuest,
  parseInvites,
  parseSeat,
  seatAuthorization,
  seatCookieName,
  serialiseInvites,
  serialiseSeat,
} from "./seatCookie"

const token = "brs_Abc-DEF_0123456789xyzXYZ"

describe("seat cookies", () => {
  it("keeps a seat as <seat>.<token>, one cookie per game", () => {
    expect(seatCookieName("g1a2b3c4")).toBe("boroughs_seat_g1a2b3c4")
    expect(invitesCookieName("g1a2b3c4")).toBe("boroughs_invites_g1a2b3c4")
    const value = serialiseSeat({ seat: 2, token })
    expect(value).toBe(`2.${token}`)
    expect(parseSeat(value)).toEqual({ seat: 2, token })
  })

  it("reads no seat from a cookie that holds none", () => {
    for (const value of [undefined, null, "", "2", `x.${token}`, "2.short", `123.${token}`, `2.${token} x`])
      expect(parseSeat(value), String(value)).toBeNull()
  })

  it("keeps the invited seats' tokens together, dropping a garbled one", () => {
    const invites = [
      { seat: 1, token },
      { seat: 3, token: `${token}Q` },
    ]
    expect(parseInvites(serialiseInvites(invites))).toEqual(invites)
    expect(parseInvites(`${serialiseInvites(invites)}~garbage`)).toEqual(invites)
    expect(parseInvites(undefined)).toEqual([])
    expect(parseInvites("")).toEqual([])
  })

  it("reads a guest's name only when the server would take it", () => {
    expect(parseGuest("  Ann Lee ")).toBe("Ann Lee")
    expect(parseGuest("")).toBeNull()
    expect(parseGuest("   ")).toBeNull()
    expect(parseGuest("x".repeat(41))).toBeNull()
    expect(parseGuest("a\nb")).toBeNull()
    expect(parseGuest(undefined)).toBeNull()
  })

  it("parses a Cookie header as Next.js writes it: values percent-decoded, the first of a name kept", () => {
    const cookies = parseCookieHeader(`a=1; boroughs_guest=Ann%20Lee; b=%E0%A4%A; a=2; junk; =x`)
    expect(cookies.get("a")).toBe("1")
    expect(cookies.get("boroughs_guest")).toBe("Ann Lee")
    // A value that is not valid percent-encoding is kept as it came.
    expect(cookies.get("b")).toBe("%E0%A4%A")
    expect(cookies.has("junk")).toBe(false)
    expect(parseCookieHeader(null).size).toBe(0)
  })

  it("sets every cookie httpOnly, SameSite=Lax, for the whole site; Secure over https", () => {
    expect(cookieOptions(false, 60)).toEqual({
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: false,
      maxAge: 60,
    })
    expect(cookieOptions(true, 60).secure).toBe(true)
    expect(isHttps("https://boroughs.example/join", null)).toBe(true)
    expect(isHttps("http://127.0.0.1:3000/join", null)).toBe(false)
    expect(isHttps("http://10.0.0.2:3000/join", "https")).toBe(true)
    expect(isHttps(null, "https, http")).toBe(true)
    expect(isHttps(null, "http")).toBe(false)
    expect(isHttps(undefined, undefined)).toBe(false)
  })
})

describe("the /api pass-through's seat token", () => {
  const cookie = `boroughs_guest=Ann; boroughs_seat_g1=${serialiseSeat({ seat: 1, token })}`

  it("names the game of a path under games/<id>", () => {
    expect(gameOfApiPath(["games", "g1"])).toBe("g1")
    expect(gameOfApiPath(["games", "g1", "stream"])).toBe("g1")
    expect(gameOfApiPath(["games"])).toBeNull()
    expect(gameOfApiPath(["tokens", "g1"])).toBeNull()
    expect(gameOfApiPath(["games", "../me"])).toBeNull()
  })

  it("adds the seat's token for that game's paths only", () => {
    const bearer = `Bearer ${token}`
    expect(seatAuthorization(["games", "g1"], cookie, null)).toBe(bearer)
    expect(seatAuthorization(["games", "g1", "commands"], cookie, null)).toBe(bearer)
    expect(seatAuthorization(["games", "g1", "stream"], cookie, undefined)).toBe(bearer)
    // Another game, the lobby, another endpoint: no token.
    expect(seatAuthorization(["games", "g2"], cookie, null)).toBeNull()
    expect(seatAuthorization(["games"], cookie, null)).toBeNull()
    expect(seatAuthorization(["me"], cookie, null)).toBeNull()
    expect(seatAuthorization(["play"], cookie, null)).toBeNull()
  })

  it("adds nothing without a seat cookie, or to a request with its own Authorization", () => {
    expect(seatAuthorization(["games", "g1"], "boroughs_guest=Ann", null)).toBeNull()
    expect(seatAuthorization(["games", "g1"], null, null)).toBeNull()
    expect(seatAuthorization(["games", "g1"], "boroughs_seat_g1=garbage", null)).toBeNull()
    expect(seatAuthorization(["games", "g1"], cookie, "Bearer organiser")).toBeNull()
  })
})
