import { apiProxy } from "@boroughs/web-shared/proxy"
import { apiUrl } from "@/lib/server"

// The browser talks to the game server through the site's own origin: one URL to open, no CORS, and the
// SSE streams pass through as they arrive. Only what a spectator may read goes through: the site never adds
// a token, and it forwards none but what the browser itself sent.
export const dynamic = "force-dynamic"

const proxy = apiProxy({ apiUrl })
export const GET = proxy.GET
export const POST = proxy.POST
export const DELETE = proxy.DELETE
