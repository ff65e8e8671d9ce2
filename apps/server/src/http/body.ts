import type { IncomingMessage } from "node:http"
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from "@boroughs/protocol"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import { Effect, Schema } from "effect"
import type { HttpServerRequest } from "effect/http"
import type { App } from "../app.js"

/** Reads the whole body, refusing more than `limit` bytes (by Content-Length at once, else as it streams). */
const readBody = (req: IncomingMessage, limit: number) =>
  Effect.callback<Buffer, PayloadTooLarge | BadRequest>((resume) => {
    const tooLarge = () => new PayloadTooLarge({ message: `the body is larger than ${limit} bytes`, limit })
    const declared = Number(req.headers["content-length"])
    if (Number.isFinite(declared) && declared > limit) {
      req.resume()
      resume(Effect.fail(tooLarge()))
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (effect: Effect.Effect<Buffer, PayloadTooLarge | BadRequest>) => {
      if (done) return
      done = true
      resume(effect)
    }
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.pause()
        finish(Effect.fail(tooLarge()))
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => finish(Effect.succeed(Buffer.concat(chunks))))
    req.on("error", (e) =>
      finish(Effect.fail(new BadRequest({ message: `the body could not be read: ${e.message}` }))),
    )
    req.on("aborted", () => finish(Effect.fail(new BadRequest({ message: "the client aborted the body" }))))
  })

/** A lone UTF-16 surrogate: JSON.parse lets `"\ud800"` through, and PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Deeper JSON than any request needs; the rules and the hash chain walk values recursively. */
const MAX_DEPTH = 64

/**
 * Why a parsed body cannot be taken as it is: a string (or key) PostgreSQL cannot store (U+0000, a lone
 * surrogate), or nesting deeper than MAX_DEPTH. Null when it can. Iterative, so no body overflows the stack.
 */
const unstorable = (json: unknown): string | null => {
  const bad = (s: string) => s.includes("\u0000") || LONE_SURROGATE.test(s)
  const pending: Array<{ readonly value: unknown; readonly path: string; readonly depth: number }> = [
    { value: json, path: "body", depth: 0 },
  ]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next
    if (typeof value === "string") {
      if (bad(value)) return `the string at ${path} holds U+0000 or a lone surrogate, which cannot be stored`
      continue
    }
    if (typeof value !== "object" || value === null) continue
    if (depth >= MAX_DEPTH) return `${path} is nested deeper than ${MAX_DEPTH} levels`
    if (Array.isArray(value))
      for (const [i, v] of value.entries())
        pending.push({ value: v, path: `${path}[${i}]`, depth: depth + 1 })
    else
      for (const [k, v] of Object.entries(value)) {
        if (bad(k)) return `a key in ${path} holds U+0000 or a lone surrogate, which cannot be stored`
        pending.push({ value: v, path: `${path}.${k}`, depth: depth + 1 })
      }
  }
  return null
}

/**
 * The request body as the schema's type: 415 unless it is JSON, 413 past the size limit, 400 for malformed
 * JSON, a string the database cannot store, nesting past 64 levels, or a value the schema refuses (the message says where and why).
 */
export const decodeBody = <S extends Schema.Top & { readonly DecodingServices: never }>(
  req: IncomingMessage,
  schema: S,
  limit: number,
): Effect.Effect<S["Type"], BadRequest | PayloadTooLarge | UnsupportedMediaType> =>
  Effect.gen(function* () {
    const type = req.headers["content-type"]
    if (type !== undefined && !/^application\/([\w.+-]+\+)?json\b/i.test(type))
      return yield* new UnsupportedMediaType({ message: `the body must be application/json, not ${type}` })
    const raw = yield* readBody(req, limit)
    if (raw.length === 0)
      return yield* new BadRequest({ message: "the body is empty; a JSON object is expected" })
    let json: unknown
    try {
      json = JSON.parse(raw.toString("utf8"))
    } catch (e) {
      return yield* new BadRequest({ message: `malformed JSON: ${(e as Error).message}` })
    }
    const refused = unstorable(json)
    if (refused !== null) return yield* new BadRequest({ message: `invalid request: ${refused}` })
    const decoded = Schema.decodeUnknownResult(schema)(json)
    if (decoded._tag === "Failure")
      return yield* new BadRequest({ message: `invalid request: ${decoded.failure.message}` })
    return decoded.success
  })

/** The body of an API request as the schema's type (see {@link decodeBody}), under the server's size limit. */
export const bodyOf = <S extends Schema.Top & { readonly DecodingServices: never }>(
  app: App,
  request: HttpServerRequest.HttpServerRequest,
  schema: S,
) =>
  decodeBody(
    NodeHttpServerRequest.toIncomingMessage(request) as IncomingMessage,
    schema,
    app.config.maxBodyBytes,
  )
