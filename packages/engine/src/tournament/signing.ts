import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { sha256Hex } from "@boroughs/core"

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex")

/** Where the organiser's signing key lives unless told otherwise: outside the database, never in it. */
export const DEFAULT_SIGNING_KEY = ".boroughs/organiser-ed25519.pem"

/** The organiser's Ed25519 key: signs each round's Merkle root (docs/audit.md). */
export interface RoundSigner {
  /** Raw 32-byte public key, hex. */
  readonly publicKey: string
  /** First 16 hex digits of SHA-256 of the raw public key: a short name for it. */
  readonly keyId: string
  /** Ed25519 signature (hex) of the UTF-8 bytes of `message`. */
  readonly sign: (message: string) => string
}

const rawPublicKey = (key: KeyObject): string =>
  (createPublicKey(key).export({ format: "der", type: "spki" }) as Buffer)
    .subarray(SPKI_PREFIX.length)
    .toString("hex")

/** The key id of a raw public key. */
export const keyIdOf = (publicKeyHex: string): string =>
  sha256Hex(new Uint8Array(Buffer.from(publicKeyHex, "hex"))).slice(0, 16)

/** A signer over a PKCS#8 PEM private key. */
export const signerFromPem = (pem: string): RoundSigner => {
  const key = createPrivateKey(pem)
  if (key.asymmetricKeyType !== "ed25519")
    throw new Error(`the signing key is ${key.asymmetricKeyType}, not ed25519`)
  const publicKey = rawPublicKey(key)
  return {
    publicKey,
    keyId: keyIdOf(publicKey),
    sign: (message) => sign(null, Buffer.from(message, "utf8"), key).toString("hex"),
  }
}

/** A new key pair as PKCS#8 PEM. */
export const newSigningKeyPem = (): string =>
  generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }) as string

/**
 * The signer whose key is at `path` (`BOROUGHS_SIGNING_KEY` or the default when none is given), made on first
 * use with mode 0600. The key stays out of the database: whoever can write the log cannot sign a root.
 */
export const loadSigner = (path?: string): RoundSigner => {
  const file = path ?? process.env.BOROUGHS_SIGNING_KEY ?? DEFAULT_SIGNING_KEY
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true })
    try {
      writeFileSync(file, newSigningKeyPem(), { mode: 0o600, flag: "wx" })
    } catch (e) {
      // Another process made it first: use theirs.
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
    }
  }
  return signerFromPem(readFileSync(file, "utf8"))
}

/** Whether `signatureHex` is the Ed25519 signature by `publicKeyHex` of the UTF-8 bytes of `message`. */
export const verifySignature = (publicKeyHex: string, message: string, signatureHex: string): boolean => {
  try {
    const raw = Buffer.from(publicKeyHex, "hex")
    if (raw.length !== 32) return false
    const key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: "der", type: "spki" })
    return verify(null, Buffer.from(message, "utf8"), key, Buffer.from(signatureHex, "hex"))
  } catch {
    return false
  }
}
