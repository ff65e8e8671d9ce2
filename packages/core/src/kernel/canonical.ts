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
  const text = canonicalize(value)
  if (text === undefined) throw new TypeError("canonicalJson: value has no JSON form")
  return text
}

/** Lower-case hex SHA-256 of a UTF-8 string or of bytes; runs in Node and browsers alike. */
export const sha256Hex = (input: string | Uint8Array): string =>
  bytesToHex(sha256(typeof input === "string" ? utf8ToBytes(input) : input))

/** SHA-256 of the canonical JSON of a value. */
export const hashOf = (value: unknown): string => sha256Hex(canonicalJson(value))
