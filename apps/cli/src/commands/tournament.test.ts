import { describe, expect, it } from "vitest"
import { entrantsOf } from "./tournament.js"

describe("entrantsOf", () => {
  const bots = ["heuristic", "random"]

  it("counts per bot, or names taking turns up to --entrants", () => {
    expect(entrantsOf("heuristic:2,random:1", bots, "downtown").map((e) => e.id)).toEqual([
      "heuristic-1",
      "heuristic-2",
      "random-1",
    ])
    const twelve = entrantsOf("heuristic,random", bots, "downtown", 12)
    expect(twelve).toHaveLength(12)
    expect(twelve.filter((e) => e.plays === "builtin:random")).toHaveLength(6)
    expect(twelve[11]).toEqual({ id: "random-6", plays: "builtin:random" })
  })

  it("names what is wrong", () => {
    expect(() => entrantsOf("nobody:3", bots, "downtown")).toThrow(
      /downtown has no bot "nobody"; its bots: heuristic, random/,
    )
    expect(() => entrantsOf("random:0", bots, "downtown")).toThrow(/must be 1–200/)
    expect(() => entrantsOf("random:3", bots, "downtown", 6)).toThrow(/either counts/)
    expect(() => entrantsOf("", bots, "downtown")).toThrow(/at least one bot/)
  })
})
