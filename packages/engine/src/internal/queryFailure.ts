import { StoreError } from "@boroughs/store"

/** A failed query as the store's error: what was being done, then why (`Effect.tryPromise`'s `catch`). */
export const queryFailure = (doing: string) => (cause: unknown) =>
  new StoreError({
    reason: "query",
    message: `${doing}: ${cause instanceof Error ? cause.message : String(cause)}`,
    cause,
  })
