import { BlockList, isIP } from "node:net"

/** How an address is written for comparison: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as plain IPv4. */
const canonical = (address: string): string => {
  const trimmed = address.trim()
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed.toLowerCase()
}

/** Which peers are proxies whose `X-Forwarded-For` is believed. */
export interface TrustedProxies {
  readonly has: (address: string) => boolean
  /** As given, for the start-up line and errors. */
  readonly description: string
}

/** The proxies trusted by default: this machine (`npm start` runs the web apps beside the server). */
export const LOOPBACK = "loopback"

/**
 * Parses `--trust-proxy` / `$BOROUGHS_TRUST_PROXY`: comma-separated addresses and subnets (`10.0.0.2`,
 * `172.16.0.0/12`: a container network), `loopback` for this machine, or `none`. Throws naming a bad entry.
 */
export const parseTrustedProxies = (text: string): TrustedProxies => {
  const list = new BlockList()
  const entries = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
  if (!(entries.length === 1 && entries[0] === "none"))
    for (const entry of entries) {
      if (entry === LOOPBACK) {
        list.addSubnet("127.0.0.0", 8, "ipv4")
        list.addAddress("::1", "ipv6")
        continue
      }
      const [address = "", bits, extra] = entry.split("/")
      const family = isIP(address)
      const prefix = bits === undefined ? undefined : Number(bits)
      const max = family === 4 ? 32 : 128
      if (
        family === 0 ||
        extra !== undefined ||
        (bits !== undefined && (!/^\d{1,3}$/.test(bits) || (prefix as number) > max))
      )
        throw new Error(`"${entry}" is not an IP address or subnet (nor "loopback" or "none")`)
      const type = family === 4 ? "ipv4" : "ipv6"
      if (prefix === undefined) list.addAddress(canonical(address), type)
      else list.addSubnet(canonical(address), prefix, type)
    }
  return {
    has: (address) => {
      const family = isIP(address)
      return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6")
    },
    description: entries.join(",") || "none",
  }
}

/**
 * Who is calling, for rate limits and stream caps: the socket's peer, unless that peer is a trusted proxy (the
 * spectator site passes browsers' requests on); then the nearest address in `X-Forwarded-For` that is not
 * itself a trusted proxy. Entries a client wrote further left are never believed over ones a proxy added.
 */
export const clientAddress = (
  peer: string | undefined,
  forwardedFor: string | ReadonlyArray<string> | undefined,
  trusted: TrustedProxies,
): string => {
  const self = canonical(peer ?? "unknown")
  if (forwardedFor === undefined || !trusted.has(self)) return self
  const hops = (typeof forwardedFor === "string" ? forwardedFor : forwardedFor.join(","))
    .split(",")
    .map(canonical)
    .filter((hop) => isIP(hop) !== 0)
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string
    if (!trusted.has(hop)) return hop
  }
  return hops[0] ?? self
}
