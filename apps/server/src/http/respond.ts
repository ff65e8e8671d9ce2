import type { ServerResponse } from "node:http"
import { type ApiError, statusOf } from "@boroughs/protocol"

/** Headers every response carries: the web apps may call from another origin. */
export const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type, last-event-id",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
  "access-control-expose-headers": "retry-after",
} as const

/** What a JSON route answers. */
export interface Reply {
  readonly status: number
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body })

/** Writes a reply as JSON (or an empty body for 204). */
export const send = (res: ServerResponse, reply: Reply): void => {
  if (res.headersSent) {
    res.end()
    return
  }
  const headers: Record<string, string> = { ...CORS_HEADERS, ...reply.headers }
  if (reply.status === 204 || reply.body === undefined) {
    res.writeHead(reply.status, headers)
    res.end()
    return
  }
  const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body)
  res.writeHead(reply.status, {
    "content-type": "application/json; charset=utf-8",
    ...headers,
    "content-length": String(Buffer.byteLength(text)),
  })
  res.end(text)
}

/** How soon a client is asked to retry while the database is unreachable. */
const UNAVAILABLE_RETRY_SECONDS = 2

/** The reply for an API error: its status, its JSON body, and Retry-After for 429 and 503. */
export const errorReply = (error: ApiError): Reply => {
  const { _tag, ...fields } = error as ApiError & Record<string, unknown>
  const body: Record<string, unknown> = { _tag }
  for (const [k, v] of Object.entries(fields)) if (k !== "stack" && k !== "cause") body[k] = v
  body.message = error.message
  // 429 says how long its bucket takes to refill; 503 (the database is away) asks for a retry soon.
  const headers: Record<string, string> =
    error._tag === "RateLimited"
      ? { "retry-after": String(Math.ceil(error.retryAfterMs / 1000)) }
      : error._tag === "Unavailable"
        ? { "retry-after": String(UNAVAILABLE_RETRY_SECONDS) }
        : {}
  return { status: statusOf[error._tag], body, headers }
}
