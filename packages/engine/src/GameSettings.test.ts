import type { EventEnvelope } from "@boroughs/core"
import { describe, expect, it } from "vitest"
import { namesAfter, settingsOf } from "./GameSettings.js"

const firstEvent = (settings: unknown): EventEnvelope =>
  ({
    type: "GameStarted",
    version: 1,
    data: { seats: 3 },
    metadata: settings === undefined ? {} : { settings },
  }) as unknown as EventEnvelope

describe("settingsOf names", () => {
  it("reads each seat's display name, one per seat", () => {
    expect(settingsOf(firstEvent({ players: [], names: ["Ada", null, "Cy"] })).names).toEqual([
      "Ada",
      null,
      "Cy",
    ])
  })

  it("names no seat when the settings name none, or the event records no settings", () => {
    expect(settingsOf(firstEvent({ players: ["bot:a", null, null] })).names).toEqual([null, null, null])
    expect(settingsOf(firstEvent(undefined)).names).toEqual([null, null, null])
  })

  it("takes what is not a name as no name, and fills or cuts the list to the seats", () => {
    expect(settingsOf(firstEvent({ names: ["", 7] })).names).toEqual([null, null, null])
    expect(settingsOf(firstEvent({ names: ["a", "b", "c", "d"] })).names).toEqual(["a", "b", "c"])
  })
})

describe("namesAfter", () => {
  const event = (type: string, data: Record<string, unknown>) => ({ type, data }) as unknown as EventEnvelope
  it("gives a SeatNamed seat its new name, and leaves the names be for any other event", () => {
    const names = ["Ada", null, null]
    expect(namesAfter(names, event("SeatNamed", { seat: 1, name: "Bea" }))).toEqual(["Ada", "Bea", null])
    expect(namesAfter(names, event("SeatReplaced", { seat: 1, holder: "bot:b" }))).toBe(names)
    expect(namesAfter(names, event("SeatNamed", { seat: 1 }))).toBe(names)
  })
})
