import { describe, expect, it } from "vitest"
import { botByName } from "./byName.js"

describe("bots by name", () => {
  it("reads an IS-MCTS budget as milliseconds, seconds or iterations", () => {
    expect(botByName("ismcts").name).toBe("ismcts:1000")
    expect(botByName("ismcts:250").name).toBe("ismcts:250")
    expect(botByName("ismcts:250ms").name).toBe("ismcts:250")
    expect(botByName("ismcts:2s").name).toBe("ismcts:2000")
    expect(botByName("ismcts:2000i").name).toBe("ismcts:2000i")
    expect(botByName("ismcts:1sx2").name).toBe("ismcts:1000x2")
  })

  it("refuses a budget it cannot read", () => {
    expect(() => botByName("ismcts:0s")).toThrow(/at least 1/)
    expect(() => botByName("ismcts:1m")).toThrow(/unknown bot/)
    expect(() => botByName("ismcts:1.5s")).toThrow(/unknown bot/)
  })
})
