import { downtownRenderer } from "@boroughs/board-ui/games/downtown"
import { describeCommandWith, seatName } from "@boroughs/board-ui/kit"
import type { Mistake } from "@boroughs/protocol"
import { describe, expect, it } from "vitest"
import {
  chanceSeries,
  mistakeNotes,
  mistakeSentence,
  mistakeVersions,
  nextMistake,
  notesByEvent,
  percent,
  preferredWords,
  previousMistake,
  progressText,
} from "./analysis"

const seats = [
  { seat: 0, name: "ada" },
  { seat: 1, name: "ben" },
]
const name = (seat: number) => seatName(seats, seat)
const describeDowntown = (command: unknown) => describeCommandWith(downtownRenderer, command, seats)

const mistake = (over: Partial<Mistake>): Mistake => ({
  seat: 1,
  before: 40,
  after: 41,
  command: { type: "CastVote", construction: "housing" },
  chanceBefore: 0.31,
  chanceAfter: 0.18,
  played: 0.17,
  better: { command: { type: "CastVote", construction: "industry" }, chance: 0.29 },
  ...over,
})

describe("a mistake in words", () => {
  it("names the seat, the command, the chance before and after, and what the search preferred", () => {
    expect(mistakeSentence(mistake({}), name, describeDowntown)).toBe(
      "ben: Housing vote, chance 31% → 18%; the search preferred Industry",
    )
    expect(
      mistakeSentence(
        mistake({
          seat: 0,
          command: { type: "ChooseZone", zone: 7, spaces: 2 },
          chanceBefore: 0.5,
          chanceAfter: 0.404,
          better: { command: { type: "ChooseZone", zone: 9, spaces: 1 }, chance: 0.47 },
        }),
        name,
        describeDowntown,
      ),
    ).toBe("ada: zone 7 dial, 2 spaces, chance 50% → 40%; the search preferred zone 9 dial, 1 space")
  })

  it("says the preferred command by its first word only when nothing else differs", () => {
    expect(preferredWords("Housing vote", "Industry vote")).toBe("Industry")
    expect(preferredWords("no lobby", "lobby")).toBe("lobby")
    expect(preferredWords("zoning tile from the west pile", "zoning tile from the east pile")).toBe(
      "zoning tile from the east pile",
    )
    expect(preferredWords("pass", "skip")).toBe("skip")
  })

  it("rounds chances to whole percents", () => {
    expect(percent(0)).toBe("0%")
    expect(percent(0.3149)).toBe("31%")
    expect(percent(1)).toBe("100%")
  })

  it("a command the game cannot word still reads", () => {
    expect(
      mistakeSentence(
        mistake({ command: { type: "SomeNewCommand" }, better: { command: { type: "Other" }, chance: 0.4 } }),
        name,
        describeDowntown,
      ),
    ).toBe("ben: Some new command, chance 31% → 18%; the search preferred Other")
  })
})

describe("stepping between mistakes", () => {
  const notes = mistakeNotes(
    [mistake({ before: 90, seat: 0 }), mistake({ before: 40 }), mistake({ before: 90, seat: 1 })],
    name,
    describeDowntown,
  )

  it("notes the mistakes in the game's order, each at its position and its command's first event", () => {
    expect(notes.map((n) => [n.version, n.event, n.seat])).toEqual([
      [40, 41, 1],
      [90, 91, 0],
      [90, 91, 1],
    ])
    expect(notesByEvent(notes).get(91)).toHaveLength(2)
    expect(notesByEvent(notes).get(41)?.[0]).toMatch(/^ben: Housing vote/)
  })

  it("goes to the next and the previous mistake's position, each position once", () => {
    const versions = mistakeVersions(notes)
    expect(versions).toEqual([40, 90])
    expect(nextMistake(versions, 1)).toBe(40)
    expect(nextMistake(versions, 40)).toBe(90)
    expect(nextMistake(versions, 90)).toBeNull()
    expect(previousMistake(versions, 90)).toBe(40)
    expect(previousMistake(versions, 91)).toBe(90)
    expect(previousMistake(versions, 40)).toBeNull()
    expect(nextMistake([], 5)).toBeNull()
  })
})

describe("the win-chance graph", () => {
  it("gives each seat a percent at every version, holding the last judged position's chances", () => {
    const positions = [
      { version: 3, win: [0.5, 0.5], rank: [1.5, 1.5] },
      { version: 5, win: [0.6251, 0.3749], rank: [1.4, 1.6] },
      { version: 8, win: [1, 0], rank: [1, 2] },
    ]
    expect(chanceSeries([1, 2, 3, 4, 5, 6, 7, 8], positions, 2)).toEqual([
      [null, null, 50, 50, 62.5, 62.5, 62.5, 100],
      [null, null, 50, 50, 37.5, 37.5, 37.5, 0],
    ])
    // Positions in any order; a seat the analysis has no figure for has none.
    expect(chanceSeries([5, 9], [...positions].reverse(), 3)[2]).toEqual([null, null])
  })
})

describe("an analysis under way", () => {
  it("says how far it has come", () => {
    expect(progressText({ status: "queued", done: 0, total: null })).toBe("Analysis queued")
    expect(progressText({ status: "queued", done: 0, total: 140 })).toBe("Analysis queued")
    expect(progressText({ status: "running", done: 12, total: 140 })).toBe("Analysing: 12 of 140 positions")
    expect(progressText({ status: "running", done: 0, total: null })).toBe("Analysing…")
  })
})
