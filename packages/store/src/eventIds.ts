import * as crypto from "node:crypto"
import { parse } from "uuid"

/** The project's UUIDv5 namespace for event ids: v5("https://boroughs.dev/ns/event-id", v5.URL). */
export const EVENT_ID_NAMESPACE = "57caed26-cdd1-5512-98f6-d26b6ef0b5f2"

const NAMESPACE_BYTES = Buffer.from(parse(EVENT_ID_NAMESPACE))

/** SHA-1 as hex: one-shot `crypto.hash` (Node ≥ 20.12) where it exists, a Hash object otherwise. */
const sha1Hex: (input: Buffer) => string =
  typeof crypto.hash === "function"
    ? (input) => crypto.hash("sha1", input, "hex")
    : (input) => crypto.createHash("sha1").update(input).digest("hex")

// The namespace, then the name written after it: ids are made one at a time, synchronously.
const scratch = Buffer.alloc(512)
NAMESPACE_BYTES.copy(scratch, 0)

/** SHA-1 of the namespace bytes followed by the UTF-8 name. */
const namespacedSha1Hex = (name: string): string => {
  // A UTF-16 code unit is at most 3 bytes of UTF-8, so a name this short always fits.
  if (NAMESPACE_BYTES.length + name.length * 3 > scratch.length)
    return sha1Hex(Buffer.concat([NAMESPACE_BYTES, Buffer.from(name, "utf8")]))
  const written = scratch.write(name, NAMESPACE_BYTES.length, "utf8")
  return sha1Hex(scratch.subarray(0, NAMESPACE_BYTES.length + written))
}

const VARIANT = "89ab"

/**
 * The id of the `index`-th event (0-based) a command causes: UUIDv5 of `<commandId>:<index>`. The same command
 * always yields the same ids, so a retried append hits the unique index instead of storing twice. Computed
 * here rather than by `uuid`'s v5, which builds a SHA-1 Hash object and buffers per id: that made the
 * event ids of an append cost more than its chain hashes.
 */
export const eventIdFor = (commandId: string, index: number): string => {
  const hex = namespacedSha1Hex(`${commandId}:${index}`)
  // RFC 9562 §5.5: version 5 in the high nibble of byte 6, variant 10 in the top bits of byte 8.
  const variant = VARIANT[Number.parseInt(hex[16] as string, 16) & 0x3] as string
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
