import { describe, expect, it } from "vitest"
import { deadlineOf, nextDecisions } from "./decisionClock.js"

describe("decision clock", () => {
  const t0 = "2025-01-01T00:00:00.000Z"
  const t1 = "2025-01-01T00:00:05.000Z"

  it("starts a decision when a seat begins to owe one", () => {
    const owed = nextDecisions([], [{ seat: 0, kind: "vote" }], { seat: undefined, time: t0, version: 3 })
    expect(owed).toEqual([{ seat: 0, kind: "vote", since: t0, version: 3 }])
    expect(deadlineOf(owed[0]!, 1_000)).toBe(Date.parse(t0) + 1_000)
  })

  it("keeps the start of a seat still thinking while others move (simultaneous votes)", () => {
    const before = nextDecisions(
      [],
      [
        { seat: 0, kind: "vote" },
        { seat: 1, kind: "vote" },
      ],
      {
        seat: undefined,
        time: t0,
        version: 3,
      },
    )
    const after = nextDecisions(before, [{ seat: 1, kind: "vote" }], { seat: 0, time: t1, version: 4 })
    expect(after).toEqual([{ seat: 1, kind: "vote", since: t0, version: 3 }])
  })

  it("restarts the clock of a seat that moved and owes again, or owes another kind of decision", () => {
    const before = nextDecisions(
      [],
      [
        { seat: 0, kind: "move" },
        { seat: 1, kind: "vote" },
      ],
      {
        seat: undefined,
        time: t0,
        version: 3,
      },
    )
    const after = nextDecisions(
      before,
      [
        { seat: 0, kind: "move" },
        { seat: 1, kind: "dial" },
      ],
      {
        seat: 0,
        time: t1,
        version: 4,
      },
    )
    expect(after).toEqual([
      { seat: 0, kind: "move", since: t1, version: 4 },
      { seat: 1, kind: "dial", since: t1, version: 4 },
    ])
  })
})
