import type { IncomingMessage } from "node:http"
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from "@boroughs/protocol"
import { Effect, Schema } from "effect"

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

/**
 * The request body as the schema's type: 415 unless it is JSON, 413 past the size limit, 400 for malformed
 * JSON or a value the schema refuses (the message says where and why).
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
    const decoded = Schema.decodeUnknownResult(schema)(json)
    if (decoded._tag === "Failure")
      return yield* new BadRequest({ message: `invalid request: ${decoded.failure.message}` })
    return decoded.success
  })

/** Query parameters as the schema's type, or 400 naming what does not decode. */
export const decodeQuery = <S extends Schema.Top & { readonly DecodingServices: never }>(
  params: URLSearchParams,
  schema: S,
): Effect.Effect<S["Type"], BadRequest> => {
  const record: Record<string, string> = {}
  for (const [k, v] of params) record[k] = v
  const decoded = Schema.decodeUnknownResult(schema)(record)
  return decoded._tag === "Failure"
    ? Effect.fail(new BadRequest({ message: `invalid query: ${decoded.failure.message}` }))
    : Effect.succeed(decoded.success)
}
