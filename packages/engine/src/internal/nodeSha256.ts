import * as crypto from "node:crypto"
import { installSha256, type Sha256Hex } from "@boroughs/core"

/**
 * SHA-256 by Node's OpenSSL binding, as lower-case hex. `crypto.hash` (Node ≥ 20.12) is a one-shot call
 * without a Hash object; `createHash` is the fallback. Strings are hashed as UTF-8, as @noble does.
 */
export const nodeSha256Hex: Sha256Hex =
  typeof crypto.hash === "function"
    ? (input) => crypto.hash("sha256", input, "hex")
    : (input) => crypto.createHash("sha256").update(input).digest("hex")

/**
 * Makes the kernel hash with node:crypto in this process (checked against @noble first). Commitments,
 * salts and chain hashes come out byte-identical, several times faster: the rules stay portable, and the
 * Node edge — engine, CLI, server, benchmarks — pays less per secret choice and per stored event.
 */
export const installNodeSha256 = (): void => installSha256(nodeSha256Hex)

// The engine only runs in Node: any process that loads it hashes natively.
installNodeSha256()
