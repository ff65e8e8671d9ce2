import type { EventEnvelope } from "@boroughs/core"
import { describe, expect, it } from "vitest"
import { foldDisplayNames, seatNamesWith } from "./DisplayNames.js"

const event = (
  version: number,
  type: string,
  data: Record<string, unknown>,
  time: string,
): EventEnvelope => ({
  streamId: "registry-names",
  version,
  eventId: `e${version}`,
  type,
  schemaVersion: 1,
  data,
  metadata: { actor: "organiser:admin", time },
  prevHash: "",
  hash: "",
})

describe("the register of display names", () => {
  it("folds sets, renames and clears, in holder order, keeping who set each and when", () => {
    const register = foldDisplayNames([
      event(1, "DisplayNameSet", { holder: "player:ann", name: "Ann" }, "t1"),
      event(2, "DisplayNameSet", { holder: "bot:zed", name: "Zed" }, "t2"),
      event(3, "DisplayNameSet", { holder: "player:ann", name: "Ann Lee" }, "t3"),
      event(4, "DisplayNameSet", { holder: "player:cy", name: "Cy" }, "t4"),
      event(5, "DisplayNameCleared", { holder: "player:cy" }, "t5"),
    ])
    expect(register).toEqual([
      { holder: "bot:zed", name: "Zed", setBy: "organiser:admin", setAt: "t2" },
      { holder: "player:ann", name: "Ann Lee", setBy: "organiser:admin", setAt: "t3" },
    ])
  })

  it("names a new game's seats: the game's own names first, the register's where it gives none", () => {
    const register = foldDisplayNames([
      event(1, "DisplayNameSet", { holder: "player:ann", name: "Ann" }, "t"),
    ])
    expect(seatNamesWith(register, ["player:ann", "bot:x", null], undefined)).toEqual(["Ann", null, null])
    expect(seatNamesWith(register, ["player:ann", "bot:x"], ["Annie", "X"])).toEqual(["Annie", "X"])
    expect(seatNamesWith(register, ["player:ann", "bot:x"], [null, "X"])).toEqual(["Ann", "X"])
    // Nobody named either way: the game records no names, as games always did.
    expect(seatNamesWith(register, ["bot:x", "builtin:random"], undefined)).toBeUndefined()
    expect(seatNamesWith(register, ["bot:x"], [null])).toEqual([null])
  })
})
