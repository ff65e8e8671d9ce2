import { describe, expect, it } from "vitest"
import {
  chooseSeat,
  countNote,
  defaultSeatChoice,
  firstCount,
  fitCount,
  type PlayableGame,
  seatsFor,
} from "./playChoices"
import { playRequestOf } from "./playForm"

const downtown: PlayableGame = {
  id: "downtown",
  title: "Downtown",
  bots: ["random", "heuristic"],
  remoteBots: ["bot:alpha"],
  rules: [
    { id: "standard", label: "Standard rules", seats: { min: 3, max: 6 }, options: { variant: "standard" } },
    { id: "2p", label: "Two-player variant", seats: { min: 2, max: 2 }, options: { variant: "2p-official" } },
  ],
}
const suburbia: PlayableGame = {
  id: "suburbia",
  title: "Suburbia",
  bots: ["random"],
  remoteBots: [],
  rules: [{ id: "standard", label: "Standard rules", seats: { min: 1, max: 4 } }],
}
const games = [downtown, suburbia]

const form =
  (fields: Record<string, string>) =>
  (name: string): string | undefined =>
    fields[name]

describe("the play form's seats", () => {
  it("starts a table of two where the rules allow, the person first and a sensible house bot after", () => {
    expect(firstCount(downtown.rules[0]!)).toBe(3)
    expect(firstCount(downtown.rules[1]!)).toBe(2)
    expect(firstCount(suburbia.rules[0]!)).toBe(2)
    expect(seatsFor(3, downtown.bots)).toEqual(["me", "house:heuristic", "house:heuristic"])
    expect(defaultSeatChoice(["random"])).toBe("house:random")
    expect(defaultSeatChoice([])).toBe("invite")
  })

  it("keeps the choices made as the count changes, and one seat the person's", () => {
    const seats = chooseSeat(seatsFor(3, downtown.bots), 2, "invite", downtown.bots)
    expect(seatsFor(4, downtown.bots, seats)).toEqual(["me", "house:heuristic", "invite", "house:heuristic"])
    expect(seatsFor(2, downtown.bots, seats)).toEqual(["me", "house:heuristic"])
    // Choosing "You" elsewhere moves the person: their old seat gets a bot.
    const moved = chooseSeat(seats, 1, "me", downtown.bots)
    expect(moved).toEqual(["house:heuristic", "me", "invite"])
    // Dropping the seat that was theirs gives the first seat back to them.
    expect(seatsFor(1, downtown.bots, ["house:random", "me"])).toEqual(["me"])
    expect(fitCount(9, downtown.rules[0]!)).toBe(6)
    expect(countNote("suburbia", 1)).toContain("Dale")
    expect(countNote("suburbia", 2)).toBeNull()
  })
})

describe("a submitted play form", () => {
  it("becomes the guest game it asks for, with the rules' whole options and the clock chosen", () => {
    const checked = playRequestOf(
      form({
        game: "downtown",
        rules: "2p",
        seats: "2",
        seat0: "invite",
        seat1: "me",
        name: "  Ann ",
        clock: "none",
      }),
      games,
    )
    expect(checked).toEqual({
      ok: true,
      request: {
        game: "downtown",
        seats: [{ kind: "invite" }, { kind: "me" }],
        name: "Ann",
        options: { variant: "2p-official" },
        decisionMs: null,
      },
    })
    // A remote bot from the game's ladder sits as itself.
    const withBot = playRequestOf(
      form({ game: "downtown", seats: "3", seat0: "me", seat1: "bot:alpha", seat2: "invite", name: "Ann" }),
      games,
    )
    expect(withBot.ok && withBot.request.seats).toEqual([
      { kind: "me" },
      { kind: "bot", bot: "bot:alpha" },
      { kind: "invite" },
    ])
    const solo = playRequestOf(form({ game: "suburbia", seats: "1", seat0: "me", name: "Bo" }), games)
    expect(solo).toEqual({
      ok: true,
      request: { game: "suburbia", seats: [{ kind: "me" }], name: "Bo", decisionMs: 120_000 },
    })
  })

  it("says what is wrong, in words", () => {
    const base = {
      game: "downtown",
      rules: "standard",
      seats: "3",
      seat0: "me",
      seat1: "house:random",
      seat2: "invite",
      name: "Ann",
    }
    const problem = (fields: Record<string, string>) => {
      const checked = playRequestOf(form({ ...base, ...fields }), games)
      return checked.ok ? null : checked.problem
    }
    expect(problem({})).toBeNull()
    expect(problem({ game: "chess" })).toBe("Choose a game.")
    expect(problem({ rules: "house" })).toContain("Choose the rules")
    expect(problem({ seats: "2" })).toBe("Downtown (Standard rules) is played by 3 to 6.")
    expect(problem({ rules: "2p", seats: "3" })).toBe("Downtown (Two-player variant) is played by 2.")
    expect(problem({ seats: "three" })).toContain("played by")
    expect(problem({ seat1: "house:ismcts" })).toContain("Seat 2")
    expect(problem({ seat1: "" })).toContain("Seat 2")
    expect(problem({ seat1: "bot:Not A Bot" })).toContain("Seat 2")
    expect(problem({ seat0: "invite" })).toContain("One seat must be yours")
    expect(problem({ seat1: "me" })).toContain("Only one seat")
    expect(problem({ name: "  " })).toContain("Your name")
    expect(problem({ name: "x".repeat(41) })).toContain("Your name")
    expect(problem({ clock: "1h" })).toBe("Choose a clock.")
  })
})
