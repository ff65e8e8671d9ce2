import { canonicalJson, hashOf, sha256Hex } from "./canonical.js"

/** A public promise of a secret value: SHA-256 over the canonical JSON of {key, salt, value}. */
export interface Commitment {
  readonly key: string
  readonly hash: string
}

/** What a reveal event publishes for each commitment so anyone can check it. */
export interface Reveal {
  readonly key: string
  readonly value: unknown
  readonly salt: string
}

/**
 * The salt for the secret named `key`. It is derived from the game's secret seed: unguessable until the
 * seed is revealed at the end, yet identical on every replay, so exports stay byte-identical.
 */
export const saltFor = (seed: string, key: string): string =>
  sha256Hex(`boroughs/salt/${seed}/${key}`).slice(0, 32)

/** True only while `unrecorded` runs its function. */
let skipping = false

/**
 * Runs `f` with commitments left empty (hash and salt ""): for playouts whose events nobody stores or
 * verifies (search bots, `simulate` without events), where two SHA-256 per secret choice were the largest
 * cost. Scoped to the synchronous call (whatever `f` defers runs with commitments), so it cannot reach a
 * recorded game: the engine and server never call it.
 */
export const unrecorded = <A>(f: () => A): A => {
  if (skipping) return f()
  skipping = true
  try {
    return f()
  } finally {
    skipping = false
  }
}

/** Commit to a secret value; the salt goes into the private event and, later, into the reveal. */
export const commit = (
  seed: string,
  key: string,
  value: unknown,
): { commitment: Commitment; salt: string } => {
  if (skipping) return { commitment: { key, hash: "" }, salt: "" }
  const salt = saltFor(seed, key)
  return { commitment: { key, hash: sha256Hex(commitmentJson(key, salt, value)) }, salt }
}

/**
 * The canonical JSON of `{ key, salt, value }`, which is what `hashOf` hashes, written out directly:
 * "key" < "salt" < "value" is already RFC 8785 order and strings serialise as JSON.stringify does, so
 * only the value goes through the canonicaliser. Games commit a hundred secrets a playout. The salt is
 * hex from `saltFor` (every hasher is checked to give hex digests), which JSON writes as it is, quoted.
 */
const commitmentJson = (key: string, salt: string, value: unknown): string =>
  `{"key":${JSON.stringify(key)},"salt":"${salt}","value":${canonicalJson(value)}}`

/** Whether a reveal opens the commitment it names. */
export const opens = (commitment: Commitment, reveal: Reveal): boolean =>
  commitment.key === reveal.key &&
  commitment.hash === hashOf({ key: reveal.key, salt: reveal.salt, value: reveal.value })
