import { describe, expect, it } from "vitest"
import { logSafe } from "./logSafe.js"

describe("logSafe", () => {
  it("escapes control characters, so one request is one log line", () => {
    expect(logSafe("game-a\u0000b")).toBe("game-a\\u0000b")
    expect(logSafe("x\r\nGET /forged 200")).toBe("x\\r\\nGET /forged 200")
    expect(logSafe("\u001b[31mred\u001b[0m\ttab\u007f\u0085")).toBe(
      "\\u001b[31mred\\u001b[0m\\ttab\\u007f\\u0085",
    )
    expect(logSafe("a\u2028b\u202ec")).toBe("a\\u2028b\\u202ec")
  })

  it("leaves printable text alone, non-ASCII included", () => {
    expect(logSafe("GET /api/games/duel 200 1.2ms — Zoë 東京 🎲")).toBe(
      "GET /api/games/duel 200 1.2ms — Zoë 東京 🎲",
    )
  })
})
