import type { EventEnvelope } from "@boroughs/core"
import { EventStore } from "@boroughs/store"
import { Context, Effect, Layer } from "effect"
import { appendAtHead } from "./internal/appends.js"
import * as Streams from "./Streams.js"

/**
 * The organisers' register of display names: `player:ann` is shown as "Ann Lee" in every game created after
 * she is registered, unless the game names its seats itself. A log of its own (one stream), so who named whom,
 * and when, is on record like every other organiser action; games record the names they were created with,
 * so a later change never rewrites a finished game.
 */

/** A holder's registered name, with who set it and when. */
export interface RegisteredName {
  readonly holder: string
  readonly name: string
  readonly setBy: string
  readonly setAt: string
}

export type DisplayNameEvent =
  | { readonly type: "DisplayNameSet"; readonly holder: string; readonly name: string }
  | { readonly type: "DisplayNameCleared"; readonly holder: string }

/** The register as its events leave it, in holder order. */
export const foldDisplayNames = (envelopes: ReadonlyArray<EventEnvelope>): RegisteredName[] => {
  const names = new Map<string, RegisteredName>()
  for (const e of envelopes) {
    const holder = String(e.data.holder)
    if (e.type === "DisplayNameSet")
      names.set(holder, {
        holder,
        name: String(e.data.name),
        setBy: String(e.metadata.actor ?? ""),
        setAt: String(e.metadata.time ?? ""),
      })
    else if (e.type === "DisplayNameCleared") names.delete(holder)
  }
  return [...names.values()].sort((a, b) => (a.holder < b.holder ? -1 : a.holder > b.holder ? 1 : 0))
}

/**
 * A new game's seat names: the names it was given, and where a seat has none, its holder's registered name.
 * Undefined when no seat has a name either way (the game records the settings it always did).
 */
export const seatNamesWith = (
  register: ReadonlyArray<RegisteredName>,
  players: ReadonlyArray<string | null>,
  given: ReadonlyArray<string | null> | undefined,
): ReadonlyArray<string | null> | undefined => {
  const byHolder = new Map(register.map((r) => [r.holder, r.name]))
  const names = players.map(
    (holder, seat) => given?.[seat] ?? (holder === null ? null : (byHolder.get(holder) ?? null)),
  )
  return given === undefined && names.every((n) => n === null) ? undefined : names
}

export const makeDisplayNames = (store: EventStore["Service"]) => {
  const streamId = Streams.displayNames
  const list = Effect.map(store.readStream(streamId), foldDisplayNames)

  /** Appends at the register's head, again when another organiser's change got there first. */
  const append = (event: DisplayNameEvent, actor: string, time: string) => {
    const { type, ...data } = event
    const commandId = `${type}:${event.holder}:${globalThis.crypto.randomUUID()}`
    return appendAtHead(store, {
      streamId,
      streamType: "registry",
      commandId,
      events: [{ type, data, metadata: { commandId, actor, time } }],
    })
  }

  return {
    /** Every registered name, in holder order. */
    list,
    /** Registers (or renames) a holder; nothing is appended when the name is already the one registered. */
    set: (holder: string, name: string, actor: string) =>
      Effect.gen(function* () {
        const time = new Date().toISOString()
        const current = (yield* list).find((r) => r.holder === holder)
        if (current?.name === name) return current
        yield* append({ type: "DisplayNameSet", holder, name }, actor, time).pipe(
          Effect.catchTag("IdempotencyConflict", (e) => Effect.die(new Error(e.message))),
        )
        return { holder, name, setBy: actor, setAt: time } satisfies RegisteredName
      }),
    /** Takes a holder off the register; false when it was not on it. */
    clear: (holder: string, actor: string) =>
      Effect.gen(function* () {
        if (!(yield* list).some((r) => r.holder === holder)) return false
        yield* append({ type: "DisplayNameCleared", holder }, actor, new Date().toISOString()).pipe(
          Effect.catchTag("IdempotencyConflict", (e) => Effect.die(new Error(e.message))),
        )
        return true
      }),
    /** A new game's seat names (see `seatNamesWith`), from the register as it is now. */
    seatNames: (players: ReadonlyArray<string | null>, given: ReadonlyArray<string | null> | undefined) =>
      Effect.map(list, (register) => seatNamesWith(register, players, given)),
  }
}

export class DisplayNames extends Context.Service<DisplayNames, ReturnType<typeof makeDisplayNames>>()(
  "@boroughs/engine/DisplayNames",
) {
  static readonly layer = Layer.effect(DisplayNames, Effect.map(EventStore, makeDisplayNames))
}
