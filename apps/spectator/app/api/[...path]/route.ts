import { apiProxy } from "@boroughs/web-shared/proxy"
import { seatAuthorization } from "@/lib/seatCookie"
import { apiUrl } from "@/lib/server"

// The browser talks to the game server through the site's own origin: one URL to open, no CORS, and the SSE
// streams pass through as they arrive. The site forwards what the browser sent, and adds one thing: for a
// game this browser plays a seat of, that seat's token from its httpOnly cookie (never any other token), so a
// person's page reads and acts as their seat while the token stays out of reach of the page's JavaScript.
export const dynamic = "force-dynamic"

const proxy = apiProxy({
  apiUrl,
  authorization: (request, path) => seatAuthorization(path, request.headers.get("cookie"), null),
})
export const GET = proxy.GET
export const POST = proxy.POST
export const PUT = proxy.PUT
export const DELETE = proxy.DELETE
