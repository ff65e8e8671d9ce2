import { describe, expect, it } from "vitest"
import { LinkCache } from "./linkCache.js"

describe("LinkCache", () => {
  it("keeps the newest link of a stream", () => {
    const cache = new LinkCache()
    cache.remember("s", { version: 2, hash: "b" })
    cache.remember("s", { version: 1, hash: "a" })
    expect(cache.get("s")).toEqual({ version: 2, hash: "b" })
    cache.remember("s", { version: 3, hash: "c" })
    expect(cache.get("s")).toEqual({ version: 3, hash: "c" })
  })

  it("evicts the least recently used stream past its capacity", () => {
    const cache = new LinkCache(2)
    cache.remember("a", { version: 1, hash: "a" })
    cache.remember("b", { version: 1, hash: "b" })
    cache.get("a")
    cache.remember("c", { version: 1, hash: "c" })
    expect(cache.get("b")).toBeUndefined()
    expect(cache.get("a")).toBeDefined()
    expect(cache.get("c")).toBeDefined()
    expect(cache.size).toBe(2)
  })
})
