import type { GlobalPosition } from "./EventStore.js"

const compareDecimal = (a: string, b: string): number => {
  const x = BigInt(a)
  const y = BigInt(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** Orders positions as the global log does: by store epoch, then transaction id, then global position. */
export const comparePositions = (a: GlobalPosition, b: GlobalPosition): number =>
  a.storeEpoch !== b.storeEpoch
    ? a.storeEpoch - b.storeEpoch
    : compareDecimal(a.txId, b.txId) || compareDecimal(a.globalPosition, b.globalPosition)
