// The browser reaches the game server through the app's own origin: one URL to open, no CORS, and the SSE
// streams pass through as they arrive. The app forwards only what the browser itself sent, and the server
// decides what the caller may do; an app may add an Authorization of its own choosing where the browser sent
// none (the spectator site: the seat token of a person's httpOnly cookie, for that one game).

/** The second argument Next.js gives an `app/api/[...path]/route.ts` handler. */
export interface ProxyRouteContext {
  readonly params: Promise<{ path: string[] }>
}

export type ProxyHandler = (request: Request, context: ProxyRouteContext) => Promise<Response>

export interface ApiProxyOptions {
  /** The game server's origin (no trailing `/api`), read on each request; default `$BOROUGHS_API_URL`. */
  readonly apiUrl?: () => string
  /**
   * An Authorization header to add to a request that carries none (`Bearer <token>`), decided from the
   * browser's request and the path under `/api/`; null adds nothing. Never called for a request that brings
   * its own, which passes on unchanged.
   */
  readonly authorization?: (request: Request, path: ReadonlyArray<string>) => string | null
}

/** The game server's origin from `$BOROUGHS_API_URL`, or a server on this machine. */
export const defaultApiUrl = (): string => process.env.BOROUGHS_API_URL ?? "http://127.0.0.1:8080"

/**
 * What a browser's request may carry to the server. x-forwarded-for names the browser (Next.js sets it from
 * the socket), so the server limits each browser, not the app; last-event-id resumes a live stream.
 */
export const forwardedRequestHeaders = [
  "accept",
  "authorization",
  "content-type",
  "last-event-id",
  "x-forwarded-for",
] as const

/** What the server's answer keeps: its type, caching, a file's name for downloads, and when to retry. */
export const returnedResponseHeaders = [
  "content-type",
  "cache-control",
  "content-disposition",
  "retry-after",
] as const

const pick = (from: Headers, names: ReadonlyArray<string>): Headers => {
  const out = new Headers()
  for (const name of names) {
    const value = from.get(name)
    if (value !== null) out.set(name, value)
  }
  return out
}

/**
 * The GET, POST, PUT and DELETE handlers of an `app/api/[...path]/route.ts` that pass `/api/<path>?<query>` on to
 * the game server. A request the browser abandons is abandoned upstream too (a closed tab ends its SSE
 * stream); when the server cannot be reached the answer is the API's own error shape, a 502 to retry soon.
 */
export const apiProxy = (options: ApiProxyOptions = {}) => {
  const apiUrl = options.apiUrl ?? defaultApiUrl
  const pass: ProxyHandler = async (request, { params }) => {
    const { path } = await params
    const search = new URL(request.url).search
    const target = `${apiUrl().replace(/\/+$/, "")}/api/${path.map(encodeURIComponent).join("/")}${search}`
    const headers = pick(request.headers, forwardedRequestHeaders)
    if (!headers.has("authorization") && options.authorization !== undefined) {
      const added = options.authorization(request, path)
      if (added !== null) headers.set("authorization", added)
    }
    try {
      const upstream = await fetch(target, {
        method: request.method,
        headers,
        signal: request.signal,
        cache: "no-store",
        ...(request.method === "GET" || request.method === "HEAD"
          ? {}
          : { body: await request.arrayBuffer() }),
      })
      const returned = pick(upstream.headers, returnedResponseHeaders)
      // Tells a buffering reverse proxy in front of the app (nginx) to pass each event on as it comes.
      if (returned.get("content-type")?.startsWith("text/event-stream"))
        returned.set("x-accel-buffering", "no")
      return new Response(upstream.body, { status: upstream.status, headers: returned })
    } catch {
      return Response.json(
        { _tag: "ServerError", message: "the game server cannot be reached" },
        { status: 502, headers: { "retry-after": "2" } },
      )
    }
  }
  return { GET: pass, POST: pass, PUT: pass, DELETE: pass }
}
