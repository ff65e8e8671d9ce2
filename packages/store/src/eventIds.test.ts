import { v5 } from "uuid"
import { describe, expect, it } from "vitest"
import { EVENT_ID_NAMESPACE, eventIdFor } from "./eventIds.js"

describe("eventIdFor", () => {
  it("uses the documented namespace", () => {
    expect(v5("https://boroughs.dev/ns/event-id", v5.URL)).toBe(EVENT_ID_NAMESPACE)
  })

  it("is a stable UUIDv5 per (command, index)", () => {
    const id = eventIdFor("cmd-1", 0)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(eventIdFor("cmd-1", 0)).toBe(id)
    expect(eventIdFor("cmd-1", 1)).not.toBe(id)
    expect(eventIdFor("cmd-2", 0)).not.toBe(id)
  })

  it("is the uuid package's v5 of `<commandId>:<index>`, for any command id", () => {
    for (const commandId of [
      "cmd-1",
      "",
      "g-1/42",
      "naïve ☃ 𝄞",
      "x".repeat(300),
      "é".repeat(160),
      "é".repeat(200),
    ])
      for (const index of [0, 1, 7, 12])
        expect(eventIdFor(commandId, index)).toBe(v5(`${commandId}:${index}`, EVENT_ID_NAMESPACE))
  })
})
