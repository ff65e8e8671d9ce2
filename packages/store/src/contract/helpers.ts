import { randomUUID } from "node:crypto"
import type { Vitest } from "@effect/vitest"
import { Effect } from "effect"
import type { EventStore, GlobalEvent, GlobalPosition, NewEvent } from "../EventStore.js"
import type { TestDatabase } from "../testing/index.js"

/** What every contract case may use: the store under test and its database. */
export type ContractIt = Vitest.MethodsNonLive<EventStore | TestDatabase>

export type Store = EventStore["Service"]

/** A name no other case (or earlier run on the same database) uses. */
export const unique = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`

export const event = (
  type: string,
  data: Record<string, unknown> = {},
  metadata?: Record<string, unknown>,
): NewEvent => (metadata === undefined ? { type, data } : { type, data, metadata })

/** Appends one command's events to a game stream. */
export const appendTo = (
  store: Store,
  streamId: string,
  expectedVersion: number,
  events: ReadonlyArray<NewEvent>,
  commandId: string = unique("cmd"),
) => store.append({ streamId, streamType: "test-game", expectedVersion, commandId, events })

/** Reads the global log after `after` until it is drained, page by page. */
export const readToEnd = (store: Store, after: GlobalPosition | null, pageSize = 500) =>
  Effect.gen(function* () {
    const events: GlobalEvent[] = []
    let position = after
    for (;;) {
      const page = yield* store.readAll(position, pageSize)
      if (page.length === 0) return { events, position }
      events.push(...page)
      position = page[page.length - 1]!.position
    }
  })

/**
 * Reads the global log after `after` until `done` holds for what was read. The fence is cluster-wide: another
 * package's test holding a transaction open on the same server delays what readers here may see.
 */
export const readUntil = (
  store: Store,
  after: GlobalPosition | null,
  done: (events: ReadonlyArray<GlobalEvent>) => boolean,
) =>
  Effect.gen(function* () {
    const events: GlobalEvent[] = []
    let position = after
    for (let attempt = 0; ; attempt++) {
      const read = yield* readToEnd(store, position)
      events.push(...read.events)
      position = read.position
      if (done(events)) return { events, position }
      if (attempt > 200)
        return yield* Effect.die(new Error("the global log never showed the expected events"))
      yield* Effect.sleep("50 millis")
    }
  })
