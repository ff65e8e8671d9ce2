import { type ApiError, statusOf } from "@boroughs/protocol"

/** Headers every response carries: the web apps may call from another origin. */
export const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type, last-event-id, x-request-id",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
  "access-control-expose-headers": "retry-after, x-request-id",
} as const

/** A JSON answer the request listener builds itself (an error no endpoint encoded). */
export interface Reply {
  readonly status: number
  readonly body?: unknown
}

/** The reply for an API error: its status and its JSON body, as its schema would encode it. */
export const errorReply = (error: ApiError): Reply => {
  const { _tag, ...fields } = error as ApiError & Record<string, unknown>
  const body: Record<string, unknown> = { _tag }
  for (const [k, v] of Object.entries(fields)) if (k !== "stack" && k !== "cause") body[k] = v
  body.message = error.message
  return { status: statusOf[error._tag], body }
}
