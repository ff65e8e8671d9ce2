"use client"

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

/** Calls the game server (through the app's `/api` pass-through) with the organiser's token. */
export const call = async <A>(
  method: string,
  path: string,
  body?: unknown,
  token = getToken(),
): Promise<A> => {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers["content-type"] = "application/json"
  const response = await fetch(path, {
    method,
    headers,
    cache: "no-store",
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  let json: unknown = null
  try {
    json = text === "" ? null : JSON.parse(text)
  } catch {
    json = text
  }
  if (!response.ok) {
    const e = (json ?? {}) as { _tag?: string; message?: string; rule?: string }
    throw new ApiError(response.status, e._tag ?? "Error", e.message ?? `HTTP ${response.status}`, e.rule)
  }
  return json as A
}

/** Saves a server response as a file: the routes need the bearer token, so a plain link will not do. */
export const download = async (path: string, filename: string) => {
  const token = getToken()
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  if (!response.ok) throw new ApiError(response.status, "Error", `download failed: HTTP ${response.status}`)
  const url = URL.createObjectURL(await response.blob())
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
