import { Result } from "effect"
import type { Bot } from "./bot.js"
import { canonicalJson } from "./canonical.js"
import type { AnyGame, Seat, Typed, Viewer } from "./game.js"
import { type Match, play, start } from "./match.js"
import { botCommand, botRandom } from "./simulate.js"

/** A secret that showed: a viewer could tell which command a seat played, from its view or its events. */
export interface Leak {
  /** 0-based index of the command in the game. */
  readonly at: number
  readonly seat: Seat
  readonly played: Typed
  readonly instead: Typed
  readonly viewer: Viewer
  readonly where: "view" | "events" | "pending"
}

/** One command as played, with the match around it. */
interface Step {
  readonly at: number
  readonly seat: Seat
  readonly played: Typed
  readonly before: Match
  readonly after: Match
  readonly events: ReadonlyArray<Typed>
}

/** What `viewer` receives of an event: whole, or the redacted form with the commitment's hash dropped. */
const seenEvent = (game: AnyGame, event: Typed, viewer: Viewer): unknown => {
  const vis = game.visibility(event)
  if (vis === "all" || (viewer.kind === "seat" && vis.seats.includes(viewer.seat))) return event
  const redacted = vis.redacted as (Typed & { commitment?: { key: string } }) | null
  // The hash must differ between two secrets; everything else others receive must not.
  return redacted?.commitment ? { ...redacted, commitment: { key: redacted.commitment.key } } : redacted
}

/** Plays other legal commands instead of the one played, and lists what other viewers could tell apart. */
const compareAlternatives = (game: AnyGame, seats: number, alternatives: number, step: Step): Leak[] => {
  const { at, seat, played, before, after, events } = step
  const playedJson = canonicalJson(played)
  const others = game.legalCommands(before.state, seat).filter((c: Typed) => canonicalJson(c) !== playedJson)
  // Evenly spaced, so a long list is sampled end to end, deterministically.
  const stride = Math.max(1, Math.ceil(others.length / alternatives))
  const viewers: Viewer[] = [{ kind: "spectator" }]
  for (let other = 0; other < seats; other++) if (other !== seat) viewers.push({ kind: "seat", seat: other })
  const pendingJson = canonicalJson(game.pending(after.state))
  const leaks: Leak[] = []
  for (let i = 0; i < others.length; i += stride) {
    const instead = others[i] as Typed
    const alt = play(before, seat, instead)
    if (Result.isFailure(alt)) continue // an inexact legalCommands is another test's business
    const leak = (viewer: Viewer, where: Leak["where"]) =>
      leaks.push({ at, seat, played, instead, viewer, where })
    if (canonicalJson(game.pending(alt.success.match.state)) !== pendingJson)
      leak({ kind: "spectator" }, "pending")
    for (const viewer of viewers) {
      const view = (m: Match) => canonicalJson(game.view(m.state, viewer))
      if (view(alt.success.match) !== view(after)) leak(viewer, "view")
      const seen = (es: ReadonlyArray<Typed>) => canonicalJson(es.map((e) => seenEvent(game, e, viewer)))
      if (seen(alt.success.events) !== seen(events)) leak(viewer, "events")
    }
  }
  return leaks
}

/**
 * Non-interference check for hidden information (ARCHITECTURE.md §5). Plays a game with bots; at every
 * command whose events are all private (nothing revealed yet), plays up to `alternatives` other legal
 * commands of that seat instead. No other seat and no spectator may see any difference — in the game's
 * view, in the events as redacted for them, or in who owes a decision. Test support: returns the leaks.
 */
export const findLeaks = (
  game: AnyGame,
  options: unknown,
  bots: ReadonlyArray<Bot>,
  seed: string,
  limits: { readonly alternatives?: number; readonly maxCommands?: number } = {},
): Leak[] => {
  const started = start(game, options, bots.length, seed)
  if (Result.isFailure(started)) throw new Error(`${started.failure.rule}: ${started.failure.message}`)
  const randoms = bots.map((_, seat) => botRandom(seed, seat))
  const leaks: Leak[] = []
  let match: Match = started.success.match
  for (let at = 0; !match.ended; at++) {
    if (at > (limits.maxCommands ?? 10_000)) throw new Error(`${game.id}: no end after ${at} commands`)
    const seat = game.pending(match.state)[0]?.seat
    if (seat === undefined) throw new Error(`${game.id}: nobody owes a decision but the game has not ended`)
    const played = botCommand(match, seat, bots[seat] as Bot, randoms[seat] as ReturnType<typeof botRandom>)
    const result = play(match, seat, played)
    if (Result.isFailure(result)) throw new Error(`${result.failure.rule}: ${result.failure.message}`)
    const { events, match: after } = result.success
    const secret = events.length > 0 && events.every((e) => game.visibility(e) !== "all")
    if (secret)
      leaks.push(
        ...compareAlternatives(game, bots.length, limits.alternatives ?? 8, {
          at,
          seat,
          played,
          before: match,
          after,
          events,
        }),
      )
    match = after
  }
  return leaks
}
