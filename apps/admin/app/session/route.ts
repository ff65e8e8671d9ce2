import { defaultApiUrl } from "@boroughs/web-shared/proxy"
import { refuseCrossSite, secureRequest } from "@/lib/requests"
import { checkMe, clearedSessionCookie, sessionCookie, sessionTokenOf, type TokenCheck } from "@/lib/session"

// Sign-in and sign-out. The token goes from the form to this handler once; from then on it lives in an
// httpOnly cookie the page cannot read, and the `/api` pass-through adds it to each call.
export const dynamic = "force-dynamic"

/** What the game server says of `token`: only an organiser's signs in. */
const checkToken = async (token: string): Promise<TokenCheck> => {
  try {
    const response = await fetch(`${defaultApiUrl().replace(/\/+$/, "")}/api/me`, {
      headers: { authorization: `Bearer ${token}` },
      cache: "no-store",
    })
    return checkMe(response.status, await response.json().catch(() => null))
  } catch {
    return {
      ok: false,
      status: 502,
      body: { _tag: "ServerError", message: "the game server cannot be reached" },
    }
  }
}

/** Whether this browser is signed in: its cookie holds a token the game server still takes as an organiser's. */
export const GET = async (request: Request): Promise<Response> => {
  const token = sessionTokenOf(request.headers.get("cookie"))
  if (token === null) return Response.json({ signedIn: false })
  const check = await checkToken(token)
  if (check.ok) return Response.json({ signedIn: true })
  if (check.status === 502) return Response.json(check.body, { status: 502, headers: { "retry-after": "2" } })
  // Revoked, or the server forgot it: the cookie is worth nothing now.
  return Response.json(
    { signedIn: false },
    { headers: { "set-cookie": clearedSessionCookie(secureRequest(request)) } },
  )
}

/** Signs in with `{ token }` once the game server confirms it is an organiser's. */
export const POST = async (request: Request): Promise<Response> => {
  const refused = refuseCrossSite(request)
  if (refused !== null) return refused
  const body: unknown = await request.json().catch(() => null)
  const token =
    typeof body === "object" && body !== null && typeof (body as { token?: unknown }).token === "string"
      ? (body as { token: string }).token.trim()
      : ""
  if (token === "")
    return Response.json({ _tag: "BadRequest", message: "paste an organiser token" }, { status: 400 })
  const check = await checkToken(token)
  if (!check.ok) return Response.json(check.body, { status: check.status })
  return new Response(null, {
    status: 204,
    headers: { "set-cookie": sessionCookie(token, secureRequest(request)) },
  })
}

/** Signs out: the cookie goes; every page of this browser is signed out on its next call. */
export const DELETE = async (request: Request): Promise<Response> => {
  const refused = refuseCrossSite(request)
  if (refused !== null) return refused
  return new Response(null, {
    status: 204,
    headers: { "set-cookie": clearedSessionCookie(secureRequest(request)) },
  })
}
