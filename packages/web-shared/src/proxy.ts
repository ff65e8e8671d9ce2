// The browser reaches the game server through the app's own origin: one URL to open, no CORS, and the SSE
// streams pass through as they arrive. The app adds nothing: it never adds a token, it forwards none but what
// the browser itself sent, and the server decides what the caller may do.

/** The second argument Next.js gives an `app/api/[...path]/route.ts` handler. */
export interface ProxyRouteContext {
  readonly params: Promise<{ path: string[] }>
}

export type ProxyHandler = (request: Request, context: ProxyRouteContext) => Promise<Response>

export interface ApiProxyOptions {
  /** The game server's origin (no trailing `/api`), read on each request; default `$BOROUGHS_API_URL`. */
  readonly apiUrl?: () => string
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
    try {
      const upstream = await fetch(target, {
        method: request.method,
        headers: pick(request.headers, forwardedRequestHeaders),
        signal: request.signal,
        cache: "no-store",
        ...(request.method === "GET" || request.method === "HEAD"
          ? {}
          : { body: await request.arrayBuffer() }),
      })
      const headers = pick(upstream.headers, returnedResponseHeaders)
      // Tells a buffering reverse proxy in front of the app (nginx) to pass each event on as it comes.
      if (headers.get("content-type")?.startsWith("text/event-stream")) headers.set("x-accel-buffering", "no")
      return new Response(upstream.body, { status: upstream.status, headers })
    } catch {
      return Response.json(
        { _tag: "ServerError", message: "the game server cannot be reached" },
        { status: 502, headers: { "retry-after": "2" } },
      )
    }
  }
  return { GET: pass, POST: pass, PUT: pass, DELETE: pass }
}
