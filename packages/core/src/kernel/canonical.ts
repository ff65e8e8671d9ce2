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
  const fast = plainJson(value)
  if (fast !== undefined) return fast
  const text = canonicalize(value)
  if (text === undefined) throw new TypeError("canonicalJson: value has no JSON form")
  return text
}

/**
 * The canonical form of a plain JSON tree — strings, finite numbers, booleans, null, arrays and plain
 * objects — written exactly as the canonicaliser writes it (keys sorted by UTF-16 code units, members
 * whose value is undefined left out, every string and number as JSON.stringify gives it) with plain loops
 * instead of its reduce and template strings: every stored event and every commitment is canonicalised.
 * Undefined for anything else anywhere in the tree (NaN, ±Infinity, functions, symbols, bigints, class
 * instances, toJSON, holes or undefined in arrays), which then goes to the canonicaliser whole, so odd
 * values keep its exact behaviour. Property-tested against it in canonical.test.ts.
 */
const plainJson = (value: unknown, exact = false): string | undefined => {
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value)
    case "number":
      // A finite number's JSON is its String form (the same Number::toString; −0 is "0" in both).
      if (exact && Object.is(value, -0)) return undefined
      return Number.isFinite(value) ? String(value) : undefined
    case "object": {
      if (value === null) return "null"
      const proto = Object.getPrototypeOf(value)
      if (proto === Array.prototype) {
        const items = value as ReadonlyArray<unknown>
        let out = "["
        for (let i = 0; i < items.length; i++) {
          const item = plainJson(items[i], exact)
          if (item === undefined) return undefined
          out += i === 0 ? item : `,${item}`
        }
        return `${out}]`
      }
      if (proto !== Object.prototype) return undefined
      const record = value as Readonly<Record<string, unknown>>
      const keys = sortedKeys(record)
      let out = "{"
      for (const key of keys) {
        const member = record[key]
        if (member === undefined) {
          if (exact) return undefined
          continue
        }
        const text = plainJson(member, exact)
        if (text === undefined) return undefined
        out += `${out.length === 1 ? "" : ","}${keyJson(key)}:${text}`
      }
      return `${out}}`
    }
    default:
      return undefined
  }
}

/**
 * The canonical JSON of a value that JSON carries exactly — a plain tree with no undefined member and no −0,
 * so `JSON.parse` of the text gives back an equal value — else undefined. The store writes an event's data
 * once this way, for the row and for its hash, instead of writing, reading back and writing it again.
 */
export const exactCanonicalJson = (value: unknown): string | undefined => plainJson(value, true)

/**
 * The record's own keys in code-unit order, as `Object.keys(record).sort()` gives them: an insertion sort
 * on the few keys events and commitments have (keys are distinct, so `<` orders them exactly as the
 * default sort does), the built-in sort beyond that.
 */
const sortedKeys = (record: object): string[] => {
  const keys = Object.keys(record)
  if (keys.length > 16) return keys.sort()
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string
    let j = i - 1
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string
      j--
    }
    keys[j + 1] = key
  }
  return keys
}

/**
 * Member names as JSON, remembered: events and commitments use a few dozen names over and over, and
 * writing each again showed in playout profiles. Bounded, so records keyed by arbitrary names (ids,
 * user input) cannot grow it without end; past the bound names are simply written each time.
 */
const KEY_JSON_LIMIT = 4096
const keyJsonCache = new Map<string, string>()
const keyJson = (key: string): string => {
  let json = keyJsonCache.get(key)
  if (json === undefined) {
    json = JSON.stringify(key)
    if (keyJsonCache.size < KEY_JSON_LIMIT) keyJsonCache.set(key, json)
  }
  return json
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
