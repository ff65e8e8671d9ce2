import { Data } from "effect"

/** The stream moved on since the caller read it: reload and decide again. */
export class WrongExpectedVersion extends Data.TaggedError("WrongExpectedVersion")<{
  readonly streamId: string
  readonly expectedVersion: number
  readonly actualVersion: number
}> {}

/** A command id was reused for a different stream or different events. */
export class IdempotencyConflict extends Data.TaggedError("IdempotencyConflict")<{
  readonly commandId: string
  readonly message: string
}> {}

/** Infrastructure failure, with a reason a person can act on. */
export class StoreError extends Data.TaggedError("StoreError")<{
  readonly reason: "unreachable" | "migration" | "query" | "corrupt"
  readonly message: string
  readonly cause?: unknown
}> {}
