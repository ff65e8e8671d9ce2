import { describe, expect, it } from "vitest"
import { retryDelay } from "./streamErrors.js"

describe("which failed streams are reopened", () => {
  it("retries a server that is away (503) as it retries a server fault, and gives up on a refusal", () => {
    // A database restart answers 503 for a few seconds: a bot's stream must outlast it, not give up.
    expect(retryDelay({ _tag: "Unavailable" }, 0)).toBeGreaterThan(0)
    expect(retryDelay({ _tag: "ServerError" }, 0)).toBeGreaterThan(0)
    expect(retryDelay({ _tag: "Forbidden" }, 0)).toBeNull()
  })
})
