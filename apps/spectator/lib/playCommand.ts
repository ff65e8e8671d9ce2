// A person's choice on the play page, sent as a command the way bots send theirs: a fresh command id (one
// command however often it arrives) and the version it was decided at (refused once the game moved on).
// Pure: what the server's answer means for the page, and its words.

/** What the server made of a command the page sent. */
export type CommandOutcome =
  | { readonly kind: "accepted"; readonly duplicate: boolean }
  /** The game moved on since the view it was chosen in (409 stale-version or contention): choose again. */
  | { readonly kind: "stale" }
  /** The seat owes no decision now: another tab (or the clock) played it already. */
  | { readonly kind: "elsewhere" }
  /** The rules refused it (422): the rule it broke and why. */
  | { readonly kind: "refused"; readonly rule: string; readonly message: string }
  /** The game has ended. */
  | { readonly kind: "ended" }
  /** The seat's token no longer works (401: revoked or expired). */
  | { readonly kind: "revoked"; readonly message: string }
  /** Too many requests: the person may try again in a moment. */
  | { readonly kind: "slow-down"; readonly retryAfterMs: number }
  /** The server could not be reached or failed: whether the command arrived, the board will tell. */
  | { readonly kind: "failed"; readonly message: string }

const field = (body: unknown, name: string): unknown =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined

const text = (body: unknown, name: string, otherwise: string): string => {
  const value = field(body, name)
  return typeof value === "string" && value !== "" ? value : otherwise
}

/** What an answer to `POST /api/games/:id/commands` (its status and JSON body) means. */
export const commandOutcome = (status: number, body: unknown): CommandOutcome => {
  if (status >= 200 && status < 300) return { kind: "accepted", duplicate: field(body, "duplicate") === true }
  const tag = field(body, "_tag")
  if (status === 409 && tag === "Conflict") {
    const reason = field(body, "reason")
    if (reason === "stale-version" || reason === "contention") return { kind: "stale" }
    if (reason === "game-ended") return { kind: "ended" }
  }
  if (status === 422 && tag === "RuleViolation") {
    const rule = text(body, "rule", "")
    if (rule === "kernel.not-your-decision") return { kind: "elsewhere" }
    if (rule === "kernel.game-over") return { kind: "ended" }
    return { kind: "refused", rule: rule || "rules", message: text(body, "message", "the rules refuse it") }
  }
  if (status === 401)
    return { kind: "revoked", message: text(body, "message", "the seat's token was refused") }
  if (status === 429) {
    const after = field(body, "retryAfterMs")
    return { kind: "slow-down", retryAfterMs: typeof after === "number" ? after : 1_000 }
  }
  return { kind: "failed", message: text(body, "message", `the server answered ${status}`) }
}

/**
 * What the page says once a command came back unplayed and the game was read again (`owes`: whether the
 * seat still owes a decision then). Null when there is nothing to say.
 */
export const raceWords = (outcome: CommandOutcome, owes: boolean): string | null => {
  switch (outcome.kind) {
    case "stale":
    case "elsewhere":
      return owes
        ? "The game moved on while you chose: look at the board again and choose."
        : "Already played in another tab (or by the clock): nothing more to choose now."
    case "ended":
      return "The game ended before your choice arrived."
    case "slow-down":
      return `Too many choices at once: choose again in ${Math.ceil(outcome.retryAfterMs / 1_000)} s.`
    case "failed":
      return `Your choice may not have arrived (${outcome.message}): the board shows whether it did.`
    default:
      return null
  }
}

/**
 * A new command id: a random UUID where the browser offers one (secure contexts: https or this machine),
 * else 128 random bits in hex (a site opened over plain http on a LAN address has no `randomUUID`).
 */
export const newCommandId = (
  crypto: Pick<Crypto, "getRandomValues"> & Partial<Pick<Crypto, "randomUUID">>,
): string =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("")
