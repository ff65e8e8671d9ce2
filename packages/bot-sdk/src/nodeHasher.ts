import * as crypto from "node:crypto"
import { installSha256 } from "@boroughs/core"

/**
 * Makes the kernel hash with Node's OpenSSL binding in this process (the kernel checks it against its
 * portable @noble SHA-256 first, so commitments come out byte-identical). Only the Node entry points import
 * this — the `boroughs-bot` command and the benches — never the SDK's main module, which stays portable.
 * Playouts of a game with secret choices hash at every commitment: native hashing makes them several times
 * cheaper.
 */
export const installNodeHasher = (): void =>
  installSha256(
    typeof crypto.hash === "function"
      ? (input) => crypto.hash("sha256", input, "hex")
      : (input) => crypto.createHash("sha256").update(input).digest("hex"),
  )
