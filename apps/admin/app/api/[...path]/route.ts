import { apiProxy } from "@boroughs/web-shared/proxy"

// The browser reaches the game server through the admin app's own origin (one URL, no CORS). The app adds
// nothing: the organiser token is the one the browser sends, and the server decides what it may do.
export const dynamic = "force-dynamic"

const proxy = apiProxy()
export const GET = proxy.GET
export const POST = proxy.POST
export const DELETE = proxy.DELETE
