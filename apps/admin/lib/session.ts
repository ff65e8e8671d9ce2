// The organiser's sign-in, kept by the admin app's server: the token lives in an httpOnly cookie that page
// scripts cannot read, and the app's own server adds it to each call it passes on to the game server. Pure
// helpers only (no Next.js, no I/O), so each rule is tested beside this file.

/** The cookie's name. `__Host-` would pin it to https only, and the app is also served over plain http. */
export const sessionCookieName = "boroughs_organiser"

/** How long a sign-in lasts: a working day. The game server still checks the token on every call. */
export const sessionMaxAgeSeconds = 12 * 60 * 60

/** Whether the browser reached the app over https, directly or through a reverse proxy that says so. */
export const reachedOverHttps = (requestUrl: string, forwardedProto: string | null): boolean =>
  forwardedProto !== null
    ? forwardedProto.split(",")[0]?.trim().toLowerCase() === "https"
    : new URL(requestUrl).protocol === "https:"

const attributes = (secure: boolean, maxAge: number) =>
  ["Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${maxAge}`, ...(secure ? ["Secure"] : [])].join("; ")

/** The Set-Cookie value that signs the browser in with `token`. */
export const sessionCookie = (token: string, secure: boolean): string =>
  `${sessionCookieName}=${encodeURIComponent(token)}; ${attributes(secure, sessionMaxAgeSeconds)}`

/** The Set-Cookie value that signs the browser out (the same cookie, expired). */
export const clearedSessionCookie = (secure: boolean): string =>
  `${sessionCookieName}=; ${attributes(secure, 0)}`

/** The organiser token in a request's Cookie header, or null when there is none. */
export const sessionTokenOf = (cookieHeader: string | null): string | null => {
  for (const part of (cookieHeader ?? "").split(";")) {
    const at = part.indexOf("=")
    if (at < 0 || part.slice(0, at).trim() !== sessionCookieName) continue
    const raw = part.slice(at + 1).trim()
    try {
      const token = decodeURIComponent(raw)
      return token === "" ? null : token
    } catch {
      return null
    }
  }
  return null
}

/** Methods that change something: the ones a cross-site page must not be able to send with the cookie. */
const safeMethods = new Set(["GET", "HEAD", "OPTIONS"])

/**
 * Whether a request may act: reads always; a change only when the browser says it comes from a page of this
 * app (its Origin names the host it was sent to). SameSite=Strict already keeps the cookie off cross-site
 * requests; this refuses them even from a browser that ignores SameSite, and refuses a missing Origin, which
 * every browser sends on a POST or DELETE from a page.
 */
export const mayAct = (request: {
  readonly method: string
  readonly origin: string | null
  readonly host: string | null
}): boolean => {
  if (safeMethods.has(request.method.toUpperCase())) return true
  if (request.origin === null || request.host === null) return false
  try {
    return new URL(request.origin).host.toLowerCase() === request.host.toLowerCase()
  } catch {
    return false
  }
}

/** The error body (the API's own shape) for a change refused by `mayAct`. */
export const crossSiteRefusal = {
  _tag: "Forbidden",
  message: "refused: this request did not come from a page of the admin app",
} as const

/** The error body (the API's own shape) for a call made without a session: signed out, or never signed in. */
export const signedOutRefusal = {
  _tag: "Unauthorized",
  message: "not signed in: sign in with an organiser token",
} as const

/** What the game server's `GET /api/me` said of a token, for the sign-in form. */
export type TokenCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: number; readonly body: { _tag: string; message: string } }

/**
 * Reads the game server's answer to `GET /api/me` with the token offered at sign-in: only an organiser's
 * token signs in; the server's own words explain any refusal.
 */
export const checkMe = (status: number, body: unknown): TokenCheck => {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {}
  if (status === 200 && fields.kind === "organiser") return { ok: true }
  if (status === 200)
    return {
      ok: false,
      status: 403,
      body: {
        _tag: "Forbidden",
        message: `this is a ${typeof fields.kind === "string" ? fields.kind : "non-organiser"} token; the admin app needs an organiser token`,
      },
    }
  if (typeof fields._tag === "string" && typeof fields.message === "string")
    return { ok: false, status, body: { _tag: fields._tag, message: fields.message } }
  return { ok: false, status, body: { _tag: "Error", message: `the game server answered HTTP ${status}` } }
}
