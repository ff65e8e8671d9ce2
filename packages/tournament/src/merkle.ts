import { canonicalJson, sha256Hex } from "@boroughs/core"
import { hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js"
import type { GameHead } from "./events.js"

/**
 * The Merkle tree over a round's game heads (docs/audit.md has the same construction for a third party):
 * - leaf  = SHA-256(0x00 ‖ UTF-8 of canonical JSON {gameId, head, version})
 * - node  = SHA-256(0x01 ‖ left ‖ right), over the 32-byte digests
 * - leaves in table order; a level with an odd count carries its last node up unchanged.
 * The 0x00/0x01 prefixes keep a leaf from ever being read as a node (second-preimage).
 */
export const leafHash = (leaf: GameHead): string => {
  const body = utf8ToBytes(canonicalJson({ gameId: leaf.gameId, head: leaf.head, version: leaf.version }))
  const bytes = new Uint8Array(body.length + 1)
  bytes[0] = 0x00
  bytes.set(body, 1)
  return sha256Hex(bytes)
}

const nodeHash = (left: string, right: string): string => {
  const bytes = new Uint8Array(65)
  bytes[0] = 0x01
  bytes.set(hexToBytes(left), 1)
  bytes.set(hexToBytes(right), 33)
  return sha256Hex(bytes)
}

/** The Merkle root (hex) of game heads, in the order given. */
export const merkleRoot = (leaves: ReadonlyArray<GameHead>): string => {
  if (leaves.length === 0) throw new Error("a Merkle root needs at least one game")
  let level = leaves.map(leafHash)
  while (level.length > 1) {
    const next: string[] = []
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as string
      const right = level[i + 1]
      next.push(right === undefined ? left : nodeHash(left, right))
    }
    level = next
  }
  return level[0] as string
}

/** The exact bytes (as UTF-8 text) the organiser's key signs for a round. */
export const roundMessage = (tournamentId: string, round: number, root: string): string =>
  `boroughs/round-root/v1\n${tournamentId}\n${round}\n${root}`
