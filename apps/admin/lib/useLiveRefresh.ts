"use client"
import { watchGame } from "@boroughs/protocol"
import { Effect, Fiber, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { useEffect, useRef } from "react"

/** How often a live page asks anyway, should its stream be unable to open (a proxy that buffers it). */
const SAFETY_POLL_MS = 5_000

/**
 * While `live`, calls `refresh` whenever the game's stream (through this app's own `/api` pass-through, as
 * the signed-in organiser) brings an event or the game's end: at most once per `minGapMs`, the last call never
 * dropped, so a burst of events costs one reload and the page always ends on the newest position.
 */
export const useLiveRefresh = (
  gameId: string,
  live: boolean,
  /** The version already on the page: the stream starts after it. */
  shown: number,
  refresh: () => void,
  minGapMs = 400,
) => {
  const refreshRef = useRef(refresh)
  refreshRef.current = refresh
  const shownRef = useRef(shown)
  shownRef.current = shown
  useEffect(() => {
    if (!live) return
    let timer: ReturnType<typeof setTimeout> | null = null
    let last = 0
    const schedule = () => {
      if (timer !== null) return
      timer = setTimeout(
        () => {
          timer = null
          last = Date.now()
          refreshRef.current()
        },
        Math.max(0, last + minGapMs - Date.now()),
      )
    }
    const fiber = Effect.runFork(
      Stream.runForEach(
        watchGame({ baseUrl: window.location.origin, gameId, after: shownRef.current }),
        (m) =>
          Effect.sync(() => {
            if (m.type === "event" || m.type === "end") schedule()
          }),
      ).pipe(Effect.ignore, Effect.provide(FetchHttpClient.layer)),
    )
    const poll = setInterval(() => refreshRef.current(), SAFETY_POLL_MS)
    return () => {
      clearInterval(poll)
      if (timer !== null) clearTimeout(timer)
      Effect.runFork(Fiber.interrupt(fiber))
    }
  }, [gameId, live, minGapMs])
}
