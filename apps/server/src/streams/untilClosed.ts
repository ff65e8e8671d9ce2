import type { ServerResponse } from "node:http"
import { Effect } from "effect"

/** Waits until a response written by hand (a live stream) has ended or its connection has closed. */
export const untilClosed = (res: ServerResponse): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    if (res.writableEnded || res.destroyed) return resume(Effect.void)
    const done = () => resume(Effect.void)
    res.once("close", done)
    res.once("finish", done)
    return Effect.sync(() => {
      res.off("close", done)
      res.off("finish", done)
    })
  })
