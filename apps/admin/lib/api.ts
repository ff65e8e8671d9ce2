"use client"
import { type Client, makeClient, statusOf } from "@boroughs/protocol"
import { Cause, Effect, Exit } from "effect"
import { FetchHttpClient, HttpClientError } from "effect/http"

/** An API error as the server states it (docs/api.md): tag, message, and for rule violations the rule. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly tag: string,
    message: string,
    readonly rule?: string,
  ) {
    super(message)
  }
}

const isTag = (tag: unknown): tag is keyof typeof statusOf => typeof tag === "string" && tag in statusOf

/** An error body (`{ _tag, message, rule? }`) as an ApiError, or null when it is not one. */
const fromBody = (status: number, body: unknown): ApiError | null => {
  if (typeof body !== "object" || body === null) return null
  const e = body as { _tag?: unknown; message?: unknown; rule?: unknown }
  if (typeof e._tag !== "string" || typeof e.message !== "string") return null
  return new ApiError(status, e._tag, e.message, typeof e.rule === "string" ? e.rule : undefined)
}

/**
 * Any failure of a typed call as an ApiError. The client decodes the errors the API declares for the route;
 * any other status (the pass-through's 502 when the game server is down) still carries the API's error body,
 * read here so the organiser sees what the server or the pass-through said.
 */
const toApiError = (error: unknown): Effect.Effect<ApiError> => {
  if (error instanceof ApiError) return Effect.succeed(error)
  const tag = typeof error === "object" && error !== null ? (error as { _tag?: unknown })._tag : undefined
  if (isTag(tag))
    return Effect.succeed(fromBody(statusOf[tag], error) ?? new ApiError(statusOf[tag], tag, tag))
  if (HttpClientError.isHttpClientError(error) && error.response !== undefined) {
    const { status } = error.response
    return error.response.json.pipe(
      Effect.map((body) => fromBody(status, body) ?? new ApiError(status, "Error", `HTTP ${status}`)),
      Effect.orElseSucceed(() => new ApiError(status, "Error", `HTTP ${status}`)),
    )
  }
  return Effect.succeed(new ApiError(0, "Error", error instanceof Error ? error.message : String(error)))
}

/** Runs one typed call of the protocol client against `baseUrl` with `token`; rejects with an ApiError. */
export const callServer = async <A, E>(
  baseUrl: string,
  call: (client: Client) => Effect.Effect<A, E>,
  token: string | null,
): Promise<A> => {
  const exit = await Effect.runPromiseExit(
    makeClient({ baseUrl, token: token ?? undefined }).pipe(
      Effect.flatMap(call),
      Effect.catch((error) => Effect.flatMap(toApiError(error), Effect.fail)),
      Effect.provide(FetchHttpClient.layer),
      // Every page shows the server's state now: never an answer the browser kept.
      Effect.provideService(FetchHttpClient.RequestInit, { cache: "no-store" }),
    ),
  )
  if (Exit.isSuccess(exit)) return exit.value
  const failure = Cause.squash(exit.cause)
  throw failure instanceof ApiError ? failure : await Effect.runPromise(toApiError(failure))
}

/**
 * The game server no longer takes this browser's sign-in (signed out in another tab, revoked, expired): back
 * to the sign-in page, which says so.
 */
const signedOutOn = (e: unknown): never => {
  if (e instanceof ApiError && e.status === 401) window.location.replace("/?signed-out=1")
  throw e
}

/**
 * Calls the game server with the protocol's typed client through the app's `/api` pass-through, which adds
 * the organiser token from the httpOnly session cookie: the page itself never holds it.
 */
export const api = <A, E>(call: (client: Client) => Effect.Effect<A, E>): Promise<A> =>
  callServer(window.location.origin, call, null).catch(signedOutOn)

/** Fetches a response the typed client does not decode (a text report, a file), as the signed-in organiser. */
const fetchRaw = async (path: string): Promise<Response> => {
  const response = await fetch(path, { cache: "no-store" })
  if (!response.ok) {
    const body = await response.json().catch(() => null)
    return signedOutOn(
      fromBody(response.status, body) ?? new ApiError(response.status, "Error", `HTTP ${response.status}`),
    )
  }
  return response
}

/** Signs this browser in with an organiser token (the app's server checks it and keeps it in a cookie). */
export const signIn = async (token: string): Promise<void> => {
  const response = await fetch("/session", {
    method: "POST",
    cache: "no-store",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  })
  if (response.ok) return
  const body = await response.json().catch(() => null)
  throw fromBody(response.status, body) ?? new ApiError(response.status, "Error", `HTTP ${response.status}`)
}

/** Whether this browser's sign-in still holds (the app's server asks the game server). */
export const signedIn = async (): Promise<boolean> => {
  const response = await fetch("/session", { cache: "no-store" })
  const body = (await response.json().catch(() => null)) as { signedIn?: unknown } | null
  if (!response.ok)
    throw fromBody(response.status, body) ?? new ApiError(response.status, "Error", `HTTP ${response.status}`)
  return body?.signedIn === true
}

/** Signs this browser out: every open page of the admin app is signed out on its next call. */
export const signOut = async (): Promise<void> => {
  const response = await fetch("/session", { method: "DELETE", cache: "no-store" })
  if (!response.ok) throw new ApiError(response.status, "Error", `sign-out failed: HTTP ${response.status}`)
}

/** A report the server writes for people (`?format=text`). */
export const fetchText = async (path: string): Promise<string> => (await fetchRaw(path)).text()

/** Saves a server response as a file, under the name given (the server's own name would differ). */
export const download = async (path: string, filename: string) => {
  const response = await fetchRaw(path).catch((e: unknown) => {
    throw e instanceof ApiError ? new ApiError(e.status, e.tag, `download failed: ${e.message}`, e.rule) : e
  })
  saveBlob(await response.blob(), filename)
}

/** Saves what the page built itself (a CSV of what it shows) as a file. */
export const saveText = (text: string, filename: string, type: string) =>
  saveBlob(new Blob([text], { type }), filename)

const saveBlob = (blob: Blob, filename: string) => {
  const url = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  URL.revokeObjectURL(url)
}

/** A message for a person from any failure. */
export const messageOf = (e: unknown): string =>
  e instanceof ApiError
    ? `${e.rule ? `${e.rule}: ` : ""}${e.message}`
    : e instanceof Error
      ? e.message
      : String(e)
