import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"
import * as canonicalizeModule from "canonicalize"

type Canonicalize = (value: unknown) => string | undefined
// canonicalize 2.x is CommonJS typed as an ES default export; Node, tsx and bundlers disagree on where the function lands.
const interop = canonicalizeModule as unknown as { default?: Canonicalize | { default?: Canonicalize } }
const canonicalize: Canonicalize =
  (typeof interop.default === "function" ? interop.default : interop.default?.default) ??
  (canonicalizeModule as unknown as Canonicalize)

/** RFC 8785 canonical JSON: the one byte form that hashes, commitments and exports agree on. */
export const canonicalJson = (value: unknown): string => {
  // Strings, booleans and null serialise as JSON.stringify does (RFC 8785 §3.2.2); commitments hash
  // many of them, so they skip the canonicaliser's checks. Numbers keep its NaN/Infinity refusal.
  if (typeof value === "string" || typeof value === "boolean" || value === null) return JSON.stringify(value)
  const flat = flatObjectJson(value)
  if (flat !== undefined) return flat
  const text = canonicalize(value)
  if (text === undefined) throw new TypeError("canonicalJson: value has no JSON form")
  return text
}

/**
 * The canonical form of a plain object whose values are all strings, finite numbers, booleans or null —
 * a dial's `{ zone, spaces }` — written the way the canonicaliser writes it (keys sorted by UTF-16 code
 * units, each key and value as JSON.stringify gives them) without its per-value recursion. Undefined for
 * anything else (nested values, NaN, undefined, functions, toJSON), which the canonicaliser then takes.
 */
const flatObjectJson = (value: unknown): string | undefined => {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return undefined
  const record = value as Record<string, unknown>
  const keys = Object.keys(record).sort()
  let out = "{"
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    const v = record[key]
    if (
      typeof v === "number"
        ? !Number.isFinite(v)
        : !(typeof v === "string" || typeof v === "boolean" || v === null)
    )
      return undefined
    out += `${i === 0 ? "" : ","}${JSON.stringify(key)}:${JSON.stringify(v)}`
  }
  return `${out}}`
}

/** A SHA-256 implementation: lower-case hex of the digest of a UTF-8 string (or of bytes). */
export type Sha256Hex = (input: string | Uint8Array) => string

/** The portable SHA-256 (@noble/hashes): the default, and the reference any installed hasher must match. */
export const nobleSha256Hex: Sha256Hex = (input) =>
  bytesToHex(sha256(typeof input === "string" ? utf8ToBytes(input) : input))

/**
 * Inputs an installed hasher must hash exactly as @noble does before it is trusted: empty, ASCII,
 * multi-byte UTF-8, a lone surrogate (encoded as U+FFFD), bytes, and input longer than one block.
 */
const SHA256_CHECKS: ReadonlyArray<string | Uint8Array> = [
  "",
  "abc",
  "boroughs/salt/seed/vote/r1/z1/s0",
  "€ ö 😂 \ufb33",
  "lone \ud83d surrogate",
  Uint8Array.of(0, 1, 2, 254, 255),
  "x".repeat(200),
]

let activeSha256: Sha256Hex = nobleSha256Hex

/**
 * Replaces the SHA-256 every hash in the kernel uses (commitments, salts, the chain, the PRNG base).
 * The kernel stays portable with @noble as its default; a Node process installs a native hasher at its
 * edge (the engine does, with node:crypto), several times faster on the short inputs commitments hash.
 * The hasher is checked against @noble first and refused if any digest differs: events must stay
 * byte-identical whichever hasher made them.
 */
export const installSha256 = (hasher: Sha256Hex): void => {
  for (const input of SHA256_CHECKS) {
    const expected = nobleSha256Hex(input)
    const actual = hasher(input)
    if (actual !== expected)
      throw new Error(
        `installSha256: the hasher gives ${actual} for ${JSON.stringify(typeof input === "string" ? input : [...input])}, SHA-256 is ${expected}`,
      )
  }
  activeSha256 = hasher
}

/** Puts the portable @noble SHA-256 back (benchmarks compare both in one process). */
export const resetSha256 = (): void => {
  activeSha256 = nobleSha256Hex
}

/** Lower-case hex SHA-256 of a UTF-8 string or of bytes, by the installed hasher (@noble by default). */
export const sha256Hex = (input: string | Uint8Array): string => activeSha256(input)

/** SHA-256 of the canonical JSON of a value. */
export const hashOf = (value: unknown): string => sha256Hex(canonicalJson(value))
