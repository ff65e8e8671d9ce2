import { describe, expect, it } from "vitest"
import { comparePositions } from "./positions.js"

const at = (storeEpoch: number, txId: string, globalPosition: string) => ({
  storeEpoch,
  txId,
  globalPosition,
})

describe("comparePositions", () => {
  it("orders by epoch, then transaction, then position, as numbers", () => {
    const sorted = [at(2, "5", "1"), at(1, "10", "3"), at(1, "9", "4"), at(1, "10", "20")].sort(
      comparePositions,
    )
    expect(sorted).toEqual([at(1, "9", "4"), at(1, "10", "3"), at(1, "10", "20"), at(2, "5", "1")])
    expect(comparePositions(at(1, "7", "7"), at(1, "7", "7"))).toBe(0)
  })
})
