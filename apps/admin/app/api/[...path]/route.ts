import { apiProxy, type ProxyHandler } from "@boroughs/web-shared/proxy"
import { refuseCrossSite, secureRequest } from "@/lib/requests"
import { clearedSessionCookie, sessionTokenOf, signedOutRefusal } from "@/lib/session"

// The browser reaches the game server through the admin app's own origin. The page never holds the
// organiser token: this handler takes it from the httpOnly session cookie (ignoring any the page sent) and the
// game server checks it on every call, so a revoked token stops working at once. Without a session nothing is
// passed on: the app is for organisers, and a tab signed out elsewhere must learn it on its next call even
// where the server would answer anyone (the public tournament list).
export const dynamic = "force-dynamic"

const proxy = apiProxy()

/** The game server's liveness and readiness: anyone's to ask (a container's health check asks them here). */
const PUBLIC = new Set(["/api/health", "/api/ready"])

const withSession =
  (pass: ProxyHandler): ProxyHandler =>
  async (request, context) => {
    const refused = refuseCrossSite(request)
    if (refused !== null) return refused
    if (request.method === "GET" && PUBLIC.has(new URL(request.url).pathname)) {
      const headers = new Headers(request.headers)
      headers.delete("authorization")
      headers.delete("cookie")
      return pass(new Request(request, { headers }), context)
    }
    const token = sessionTokenOf(request.headers.get("cookie"))
    if (token === null) return Response.json(signedOutRefusal, { status: 401 })
    // Any token the page itself sent is replaced: only the session's counts.
    const headers = new Headers(request.headers)
    headers.set("authorization", `Bearer ${token}`)
    const response = await pass(new Request(request, { headers }), context)
    // The server no longer takes the token (revoked): drop the cookie so the browser is plainly signed out.
    if (response.status === 401)
      response.headers.append("set-cookie", clearedSessionCookie(secureRequest(request)))
    return response
  }

export const GET = withSession(proxy.GET)
export const POST = withSession(proxy.POST)
export const PUT = withSession(proxy.PUT)
export const DELETE = withSession(proxy.DELETE)
