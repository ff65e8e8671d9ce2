import { describe, expect, it } from "vitest"
import { listedByIndex, NO_LEGAL } from "./legal.js"

describe("legal commands by index", () => {
  it("a built list counts its commands and gives each at its index", () => {
    const list = [{ type: "A" }, { type: "B" }, { type: "C" }]
    const byIndex = listedByIndex(list)
    expect(byIndex.count).toBe(3)
    expect([0, 1, 2].map(byIndex.at)).toEqual(list)
  })

  it("refuses an index it does not have, naming it", () => {
    const byIndex = listedByIndex([{ type: "A" }])
    expect(() => byIndex.at(1)).toThrow("no legal command at index 1 of 1")
    expect(() => byIndex.at(-1)).toThrow("no legal command at index -1 of 1")
    expect(NO_LEGAL.count).toBe(0)
    expect(() => NO_LEGAL.at(0)).toThrow("no legal command at index 0 of 0")
  })
})
