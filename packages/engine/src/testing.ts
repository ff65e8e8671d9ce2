import { type EventEnvelope, envelopeHash, GENESIS_HASH } from "@boroughs/core"

/**
 * Re-links a chain after an edit, as a forger with write access would: the result passes `verifyChain`,
 * so only re-execution and commitments can catch the edit. For tests of the audit.
 */
export const rechain = (envelopes: ReadonlyArray<EventEnvelope>): EventEnvelope[] => {
  let prev = GENESIS_HASH
  return envelopes.map((e, i) => {
    const unhashed = { ...e, version: i + 1, prevHash: prev }
    const hash = envelopeHash(unhashed)
    prev = hash
    return { ...unhashed, hash }
  })
}
