import { describe, expect, it } from "vitest"
import { checkAdjudication, competitionRanks, ranksFromScores } from "./adjudication"

const entries = (ranks: string[], scores: string[]) =>
  ranks.map((rank, i) => ({ rank, score: scores[i] ?? "" }))

describe("the adjudication form's checks", () => {
  it("accept one rank and one score per seat, ties sharing a rank and the next rank skipping", () => {
    expect(checkAdjudication(entries(["2", "1", "3"], ["4", "7.5", "-1"]))).toEqual({
      ok: true,
      ranks: [2, 1, 3],
      scores: [4, 7.5, -1],
    })
    expect(checkAdjudication(entries(["1", "1", "3"], ["5", "5", "0"]))).toMatchObject({ ok: true })
    expect(checkAdjudication(entries(["1", "1", "1"], ["0", "0", "0"]))).toMatchObject({ ok: true })
  })

  it("name the seat (from 1) with a missing or out-of-range rank, or a score that is not a number", () => {
    expect(checkAdjudication(entries(["", "4", "1.5"], ["", "x", "2"]))).toEqual({
      ok: false,
      problems: [
        "Seat 1: enter a rank.",
        "Seat 1: enter a score.",
        "Seat 2: the rank must be a whole number from 1 to 3.",
        "Seat 2: the score must be a number.",
        "Seat 3: the rank must be a whole number from 1 to 3.",
      ],
    })
  })

  it("refuse ranks that are not a competition ranking, saying what the rank must be", () => {
    expect(checkAdjudication(entries(["1", "1", "2"], ["1", "1", "0"]))).toEqual({
      ok: false,
      problems: [
        "Seat 3 has rank 2, but 2 seats rank ahead of it: its rank must be 3 (tied seats share a rank and the next rank skips, as in 1, 1, 3).",
      ],
    })
    expect(checkAdjudication(entries(["2", "3"], ["1", "0"]))).toMatchObject({ ok: false })
  })

  it("rank from ranks and from scores alike: the ahead are counted, ties share", () => {
    expect(competitionRanks([3, 1, 1, 2])).toEqual([4, 1, 1, 3])
    expect(ranksFromScores([5, 9, 5, 0])).toEqual([2, 1, 2, 4])
  })
})
