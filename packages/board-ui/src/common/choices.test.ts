import { describe, expect, it } from "vitest"
import { downtownRenderer } from "../games/downtown/index.js"
import { suburbiaRenderer } from "../games/suburbia/index.js"
import { seatsOf } from "../testing.js"
import {
  type Choice,
  choicePlaces,
  choicesOf,
  groupChoices,
  narrowed,
  pickedWords,
  refusalWords,
  rovingIndex,
  selectPlace,
  shortcutIndex,
  typeWords,
} from "./choices.js"

/** A choice pointing at `places`, of type `type` (its words are its index). */
const choice = (index: number, places: string[], type = "Move"): Choice => ({
  index,
  command: { type, index },
  type,
  words: `choice ${index}`,
  places,
})

describe("choices of a seat's legal commands", () => {
  it("say each command in words, capitalised, and where it points in the seat's view", () => {
    const legal = [
      { type: "ChooseZone", zone: 7, spaces: 2 },
      { type: "CastVote", construction: "housing" },
      { type: "DrawZoningTile", pile: "west" },
    ]
    const choices = choicesOf(downtownRenderer, legal, seatsOf(3), {})
    expect(choices.map((c) => c.words)).toEqual([
      "Zone 7 dial, 2 spaces",
      "Housing vote",
      "Zoning tile from the west pile",
    ])
    expect(choices.map((c) => c.places)).toEqual([["zone-7"], [], ["pile-west"]])
    expect(choices.map((c) => c.index)).toEqual([0, 1, 2])
    expect(choices[0]?.command).toBe(legal[0])
    // Without a view, no places (a list alone).
    expect(choicesOf(downtownRenderer, legal, seatsOf(3)).every((c) => c.places.length === 0)).toBe(true)
  })

  it("tell apart choices that read alike by where they point", () => {
    // Two slots' tiles on one hex read differently already; the same words twice get their places.
    const legal = [
      { type: "BuyTile", slot: 1, q: 0, r: 1 },
      { type: "BuyTile", slot: 1, q: 0, r: 1 },
    ]
    const choices = choicesOf(suburbiaRenderer, legal, seatsOf(2), { current: 0 })
    expect(choices.map((c) => c.words)).toEqual([
      "Market slot 2 tile on hex (0, 1) (market slot 2, hex (0, 1))",
      "Market slot 2 tile on hex (0, 1) (market slot 2, hex (0, 1))",
    ])
    expect(pickedWords(suburbiaRenderer, ["market-1", "tile-0-0-1"], seatsOf(2))).toBe(
      "market slot 2 and hex (0, 1)",
    )
  })

  it("group by command type, in the order each type first comes, with a heading in words", () => {
    const choices = [choice(0, [], "ChooseZone"), choice(1, [], "CastVote"), choice(2, [], "ChooseZone")]
    const groups = groupChoices(choices)
    expect(groups.map((g) => [g.heading, g.choices.map((c) => c.index)])).toEqual([
      ["Choose zone", [0, 2]],
      ["Cast vote", [1]],
    ])
    expect(typeWords("DrawZoningTile")).toBe("Draw zoning tile")
    expect(groupChoices([])).toEqual([])
  })

  it("list every place some choice points at, once", () => {
    expect(choicePlaces([choice(0, ["a", "b"]), choice(1, ["b", "c"]), choice(2, [])])).toEqual([
      "a",
      "b",
      "c",
    ])
  })
})

describe("picking a place on the board", () => {
  const choices = [
    choice(0, ["market-0", "hex-1"]),
    choice(1, ["market-0", "hex-2"]),
    choice(2, ["market-1", "hex-1"]),
    choice(3, ["zone-9"]),
    choice(4, []),
  ]

  it("plays the one choice at a place", () => {
    expect(selectPlace(choices, [], "zone-9")).toEqual({ kind: "choose", choice: choices[3] })
  })

  it("narrows the list to the several at a place", () => {
    const outcome = selectPlace(choices, [], "market-0")
    expect(outcome).toEqual({ kind: "narrow", picked: ["market-0"], choices: [choices[0], choices[1]] })
  })

  it("ignores a place no choice points at", () => {
    expect(selectPlace(choices, [], "hex-7")).toEqual({ kind: "ignore" })
    expect(selectPlace(choices, ["market-0"], "hex-7")).toEqual({ kind: "ignore" })
  })

  it("narrows further with a second place, and plays what is left alone", () => {
    // A market slot, then a hex: the one choice with both is played.
    expect(selectPlace(choices, ["market-0"], "hex-2")).toEqual({ kind: "choose", choice: choices[1] })
    expect(narrowed(choices, ["market-0"])).toEqual([choices[0], choices[1]])
  })

  it("starts afresh at a place that fits none of the earlier picks", () => {
    const outcome = selectPlace([...choices, choice(5, ["market-1", "hex-3"])], ["market-0"], "market-1")
    expect(outcome.kind).toBe("narrow")
    if (outcome.kind === "narrow") expect(outcome.picked).toEqual(["market-1"])
  })

  it("lets go of a picked place picked again", () => {
    const outcome = selectPlace(choices, ["market-0"], "market-0")
    expect(outcome).toEqual({ kind: "narrow", picked: [], choices })
  })
})

describe("keys in the choice list", () => {
  it("move the focus with the arrows, Home and End, stopping at the ends", () => {
    expect(rovingIndex(0, 3, "ArrowDown")).toBe(1)
    expect(rovingIndex(0, 3, "ArrowRight")).toBe(1)
    expect(rovingIndex(2, 3, "ArrowDown")).toBe(2)
    expect(rovingIndex(2, 3, "ArrowUp")).toBe(1)
    expect(rovingIndex(0, 3, "ArrowLeft")).toBe(0)
    expect(rovingIndex(1, 3, "Home")).toBe(0)
    expect(rovingIndex(1, 3, "End")).toBe(2)
    expect(rovingIndex(1, 3, "a")).toBeNull()
    expect(rovingIndex(0, 0, "ArrowDown")).toBeNull()
    // From nowhere (no focus yet) the first key starts at the list.
    expect(rovingIndex(-1, 3, "ArrowDown")).toBe(1)
  })

  it("choose with number keys in a list of nine or fewer only", () => {
    expect(shortcutIndex("1", 3)).toBe(0)
    expect(shortcutIndex("3", 3)).toBe(2)
    expect(shortcutIndex("4", 3)).toBeNull()
    expect(shortcutIndex("9", 9)).toBe(8)
    expect(shortcutIndex("1", 10)).toBeNull()
    expect(shortcutIndex("0", 3)).toBeNull()
    expect(shortcutIndex("Enter", 3)).toBeNull()
  })
})

describe("a refused command", () => {
  it("shows the rule and the message", () => {
    expect(refusalWords({ rule: "downtown.vote.no-frame-left", message: "no frame is left" })).toBe(
      "Refused (downtown.vote.no-frame-left): no frame is left",
    )
    expect(refusalWords({ message: "not your turn" })).toBe("Refused: not your turn")
    expect(refusalWords("The server did not answer")).toBe("The server did not answer")
  })
})
