import { apiUrl } from "@/lib/server"

// The browser talks to the game server through the site's own origin: one URL to open, no CORS, and the
// SSE streams pass through as they arrive. Only what a spectator may read goes through: the site never adds
// a token, and it forwards none but what the browser itself sent.
export const dynamic = "force-dynamic"

// x-forwarded-for names the browser (Next.js sets it from the socket), so the server limits each browser, not the site.
const forwarded = ["accept", "last-event-id", "authorization", "content-type", "x-forwarded-for"]

const pass = async (request: Request, { params }: { params: Promise<{ path: string[] }> }) => {
  const { path } = await params
  const url = new URL(request.url)
  const target = `${apiUrl()}/api/${path.map(encodeURIComponent).join("/")}${url.search}`
  const headers = new Headers()
  for (const name of forwarded) {
    const value = request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  try {
    const upstream = await fetch(target, {
      method: request.method,
      headers,
      signal: request.signal,
      cache: "no-store",
      ...(request.method === "GET" || request.method === "HEAD" ? {} : { body: await request.arrayBuffer() }),
    })
    const out = new Headers()
    for (const name of ["content-type", "cache-control", "retry-after"]) {
      const value = upstream.headers.get(name)
      if (value !== null) out.set(name, value)
    }
    if (out.get("content-type")?.startsWith("text/event-stream")) out.set("x-accel-buffering", "no")
    return new Response(upstream.body, { status: upstream.status, headers: out })
  } catch {
    return Response.json(
      { _tag: "ServerError", message: "the game server cannot be reached" },
      { status: 502, headers: { "retry-after": "2" } },
    )
  }
}

export const GET = pass
export const POST = pass
export const DELETE = pass
