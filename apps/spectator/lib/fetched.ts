/**
 * What a read of the server came to. The site's pages read as spectators, receiving only what the game's
 * spectator policy lets anyone see; a person's play page reads as their seat (its token from their cookie),
 * receiving that seat's view and nothing more.
 */
export type Fetched<A> =
  | { readonly kind: "ok"; readonly value: A }
  | { readonly kind: "not-found"; readonly message: string }
  | { readonly kind: "forbidden"; readonly message: string }
  /** The token was refused (revoked, expired, unknown): a seat's link that no longer works. */
  | { readonly kind: "unauthorized"; readonly message: string }
  /** The server could not be reached or failed: worth retrying. */
  | { readonly kind: "down"; readonly message: string }

/** What went wrong, in words: the error's message, else its tag, else the value itself. */
export const messageOf = (error: unknown): string => {
  if (typeof error === "object" && error !== null) {
    const e = error as { message?: unknown; _tag?: unknown }
    if (typeof e.message === "string" && e.message !== "") return e.message
    if (typeof e._tag === "string") return e._tag
  }
  return String(error)
}

/** Sorts an API failure into what a page does about it. */
export const classify = (error: unknown): Fetched<never> => {
  const tag = typeof error === "object" && error !== null ? (error as { _tag?: unknown })._tag : undefined
  if (tag === "NotFound") return { kind: "not-found", message: messageOf(error) }
  if (tag === "Forbidden") return { kind: "forbidden", message: messageOf(error) }
  if (tag === "Unauthorized") return { kind: "unauthorized", message: messageOf(error) }
  return { kind: "down", message: messageOf(error) }
}
