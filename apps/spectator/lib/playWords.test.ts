import { describe, expect, it } from "vitest"
import { ordinal, resultWords, waitingWords } from "./playWords"

const names = ["Ann", "ben", "cy"]
const nameOf = (seat: number) => names[seat] ?? `Seat ${seat + 1}`

describe("the play page's words", () => {
  it("says whom the table waits for", () => {
    expect(waitingWords([], nameOf)).toBeNull()
    expect(waitingWords([1], nameOf)).toBe("Waiting for ben")
    expect(waitingWords([1, 2], nameOf)).toBe("Waiting for ben and cy")
    expect(waitingWords([0, 1, 2], nameOf)).toBe("Waiting for Ann, ben and cy")
  })

  it("says how the game ended for the person", () => {
    expect(resultWords({ ranks: [1, 2, 3], scores: [42, 30, 12] }, 0, nameOf)).toBe("You won with 42.")
    expect(resultWords({ ranks: [1, 1, 3], scores: [42, 42, 12] }, 0, nameOf)).toBe(
      "You shared the win with ben, on 42.",
    )
    expect(resultWords({ ranks: [2, 1, 3], scores: [30, 42, 12] }, 0, nameOf)).toBe(
      "You finished 2nd with 30; ben won with 42.",
    )
    expect(resultWords({ ranks: [3, 1, 1], scores: [10, 42, 42] }, 0, nameOf)).toBe(
      "You finished 3rd with 10; ben and cy shared the win with 42.",
    )
    // Alone against a rival who holds no seat (Suburbia's Dale).
    expect(resultWords({ ranks: [2], scores: [25] }, 0, nameOf)).toBe("You finished 2nd with 25.")
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
    ])
  })
})
