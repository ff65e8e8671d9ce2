import { describe, expect, it } from "vitest"
import { clientAddress, parseTrustedProxies } from "./clientAddress.js"

const LOCAL = parseTrustedProxies("loopback")

describe("clientAddress", () => {
  it("is the socket's peer when it is not a trusted proxy, whatever the request claims", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", LOCAL)).toBe("203.0.113.9")
    expect(clientAddress("::ffff:203.0.113.9", undefined, LOCAL)).toBe("203.0.113.9")
  })

  it("takes the nearest untrusted hop behind a trusted proxy", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.1", LOCAL)).toBe("198.51.100.1")
    // A client's own X-Forwarded-For entry (left) is not believed over the one the proxy added (right).
    expect(clientAddress("::1", "10.9.9.9, 198.51.100.1", LOCAL)).toBe("198.51.100.1")
    expect(clientAddress("127.0.0.1", ["10.9.9.9", "198.51.100.1, 127.0.0.1"], LOCAL)).toBe("198.51.100.1")
  })

  it("ignores hops that are not addresses, and falls back to the peer", () => {
    expect(clientAddress("127.0.0.1", "not-an-ip, \u0000", LOCAL)).toBe("127.0.0.1")
    expect(clientAddress("127.0.0.1", "127.0.0.1", LOCAL)).toBe("127.0.0.1")
  })

  it("believes no header when no proxy is trusted", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.1", parseTrustedProxies("none"))).toBe("127.0.0.1")
  })
})

describe("parseTrustedProxies", () => {
  it("reads addresses, subnets, loopback and none, and names a bad entry", () => {
    const trusted = parseTrustedProxies("10.0.0.2, loopback, 172.16.0.0/12, fd00::/8")
    for (const yes of ["10.0.0.2", "127.0.0.1", "127.1.2.3", "::1", "172.20.0.5", "fd12::1"])
      expect(trusted.has(yes), yes).toBe(true)
    for (const no of ["10.0.0.3", "172.32.0.1", "fe80::1", "not-an-ip"])
      expect(trusted.has(no), no).toBe(false)
    expect(parseTrustedProxies("none").has("127.0.0.1")).toBe(false)
    for (const bad of ["10.0.0.2,site", "10.0.0.0/33", "10.0.0.0/8/1", "::/129", "10.0.0.0/x"])
      expect(() => parseTrustedProxies(bad), bad).toThrow(/is not an IP address or subnet/)
  })
})
