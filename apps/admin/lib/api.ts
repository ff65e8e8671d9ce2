"use client"
import { type Client, makeClient, statusOf } from "@boroughs/protocol"
import { Cause, Effect, Exit } from "effect"
import { FetchHttpClient, HttpClientError } from "effect/http"

/** Where the organiser's token is kept: this tab's session only, sent as a bearer token on every call. */
const KEY = "boroughs.organiser-token"

export const getToken = (): string | null =>
  typeof window === "undefined" ? null : sessionStorage.getItem(KEY)
export const setToken = (token: string) => sessionStorage.setItem(KEY, token)
export const clearToken = () => sessionStorage.removeItem(KEY)

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
 * Calls the game server (through the app's `/api` pass-through) with the protocol's typed client, as the
 * organiser signed in to this tab, or as `token`.
 */
export const api = <A, E>(
  call: (client: Client) => Effect.Effect<A, E>,
  token: string | null = getToken(),
): Promise<A> => callServer(window.location.origin, call, token)

/** Fetches a response the typed client does not decode (a text report, a file), with the organiser's token. */
const fetchRaw = async (path: string): Promise<Response> => {
  const token = getToken()
  const response = await fetch(path, {
    cache: "no-store",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  if (!response.ok) {
    const body = await response.json().catch(() => null)
    throw fromBody(response.status, body) ?? new ApiError(response.status, "Error", `HTTP ${response.status}`)
  }
  return response
}

/** A report the server writes for people (`?format=text`). */
export const fetchText = async (path: string): Promise<string> => (await fetchRaw(path)).text()

/** Saves a server response as a file: the routes need the bearer token, so a plain link will not do. */
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
