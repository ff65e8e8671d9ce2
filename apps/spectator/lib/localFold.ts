import { type AnyGame, apply, type GameStarted, type Match, toEvent, viewOf } from "@boroughs/core/kernel"

// Positions of an ended game folded in the browser from its events, so stepping needs no server round
// trip. Once a game has ended the server sends every event whole to anyone who may watch it, and
// `view?at=` shows any position whole or as any seat saw it: the same pure functions over the same
// events give the same views. Never used for a live or delayed game: its events hold others' secrets
// only as redactions, and folding those would show a wrong board (or a secret, were one ever sent).

/** An event as the server sends it: `redacted` when part of it was withheld from this reader. */
export interface FoldableEnvelope {
  readonly version: number
  readonly type: string
  readonly data: Readonly<Record<string, unknown>>
  readonly redacted: boolean
}

/** Every position of an ended game, viewed as `view?at=` would show it. */
export interface LocalPositions {
  readonly game: string
  /** The last version: the game's GameEnded. */
  readonly last: number
  /** The view at `version` (1..last): whole when `seat` is null, else as that seat saw it then. */
  readonly viewAt: (version: number, seat: number | null) => unknown
}

export type Folded =
  | { readonly ok: true; readonly positions: LocalPositions }
  | { readonly ok: false; readonly problem: string }

const refuse = (problem: string): Folded => ({ ok: false, problem })

/**
 * Folds an ended game's events (all of them, from GameStarted to GameEnded, none redacted) into its
 * positions, or says why they cannot be folded here. Views are computed on demand and returned as the
 * JSON the server would send (what `JSON.stringify` drops is dropped here too).
 */
export const foldEndedGame = (
  envelopes: ReadonlyArray<FoldableEnvelope>,
  seats: number,
  /** The game's rules (the page's own game: no registry of every game comes with this code). */
  game: AnyGame | undefined,
): Folded => {
  const first = envelopes[0]
  if (first === undefined || first.type !== "GameStarted")
    return refuse("the events do not start with GameStarted")
  for (let i = 0; i < envelopes.length; i++) {
    const e = envelopes[i] as FoldableEnvelope
    if (e.version !== i + 1) return refuse(`event ${i + 1} has version ${e.version}: the events have a gap`)
    if (e.redacted) return refuse(`event ${e.version} is redacted: only an ended game's events are whole`)
  }
  if (envelopes[envelopes.length - 1]?.type !== "GameEnded")
    return refuse("the events do not end with GameEnded: the game is not over")
  const started = toEvent(first) as GameStarted
  if (game === undefined || game.id !== started.game)
    return refuse(`game "${started.game}" is not one this page can fold`)

  // Matches after each version, folded once: stepping back and forth reads them, never re-folds.
  const matches: Match[] = [
    { game, state: game.initial(started), seed: started.seed, ended: null, events: 1 },
  ]
  for (let i = 1; i < envelopes.length; i++)
    matches.push(apply(matches[i - 1] as Match, toEvent(envelopes[i] as FoldableEnvelope)))

  const views = new Map<string, unknown>()
  const viewAt = (version: number, seat: number | null): unknown => {
    const match = matches[version - 1]
    if (match === undefined || !Number.isInteger(version))
      throw new RangeError(`position ${version} is not one of 1–${matches.length}`)
    if (seat !== null && !(Number.isInteger(seat) && seat >= 0 && seat < seats))
      throw new RangeError(`seat ${seat} is not one of 0–${seats - 1}`)
    const key = `${version}|${seat ?? ""}`
    if (views.has(key)) return views.get(key)
    // The server's view?at= after the end: the whole state for a spectator, `seatDecision`'s view (viewOf)
    // for a seat. Through JSON, as the server's answer arrives.
    const view = viewOf(match, seat === null ? { kind: "organiser" } : { kind: "seat", seat })
    const json = JSON.parse(JSON.stringify(view)) as unknown
    views.set(key, json)
    return json
  }
  return { ok: true, positions: { game: game.id, last: matches.length, viewAt } }
}
