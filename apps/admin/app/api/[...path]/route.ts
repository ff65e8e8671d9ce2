// The browser reaches the game server through the admin app's own origin (one URL, no CORS). The app adds
// nothing: the organiser token is the one the browser sends, and the server decides what it may do.
export const dynamic = "force-dynamic"

const apiUrl = (): string => (process.env.BOROUGHS_API_URL ?? "http://127.0.0.1:8080").replace(/\/+$/, "")
// x-forwarded-for names the browser (Next.js sets it from the socket), so the server limits each browser, not the app.
const forwarded = ["accept", "authorization", "content-type", "x-forwarded-for"]

const pass = async (request: Request, { params }: { params: Promise<{ path: string[] }> }) => {
  const { path } = await params
  const url = new URL(request.url)
  const headers = new Headers()
  for (const name of forwarded) {
    const value = request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  try {
    const upstream = await fetch(`${apiUrl()}/api/${path.map(encodeURIComponent).join("/")}${url.search}`, {
      method: request.method,
      headers,
      cache: "no-store",
      ...(request.method === "GET" ? {} : { body: await request.arrayBuffer() }),
    })
    const out = new Headers()
    for (const name of ["content-type", "content-disposition", "retry-after"]) {
      const value = upstream.headers.get(name)
      if (value !== null) out.set(name, value)
    }
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
