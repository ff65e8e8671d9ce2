import { crossSiteRefusal, mayAct, reachedOverHttps } from "./session"

// What the admin app's route handlers read off a request, in one place: where the browser says it is, and
// whether it came from one of the app's own pages.

/** The host the browser addressed: a reverse proxy in front of the app names it in x-forwarded-host. */
const hostOf = (request: Request): string | null =>
  request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? request.headers.get("host")

/** Whether the cookie must be Secure: the browser reached the app over https. */
export const secureRequest = (request: Request): boolean =>
  reachedOverHttps(request.url, request.headers.get("x-forwarded-proto"))

/** A 403 in the API's error shape for a change that did not come from the app's pages, or null to go on. */
export const refuseCrossSite = (request: Request): Response | null =>
  mayAct({ method: request.method, origin: request.headers.get("origin"), host: hostOf(request) })
    ? null
    : Response.json(crossSiteRefusal, { status: 403 })
