"use client"
import type { Client } from "@boroughs/protocol"
import type { Effect } from "effect"
import { useCallback, useEffect, useRef, useState } from "react"
import { api, messageOf } from "./api"

/** Loads `load()` now and every `everyMs` while the page is open (never when 0); `reload` fetches at once. */
export const usePollingPromise = <A>(
  load: () => Promise<A>,
  everyMs: number,
  deps: ReadonlyArray<unknown> = [],
) => {
  const [data, setData] = useState<A | null>(null)
  const [error, setError] = useState<string | null>(null)
  const loadRef = useRef(load)
  loadRef.current = load
  const reload = useCallback(async () => {
    try {
      setData(await loadRef.current())
      setError(null)
    } catch (e) {
      setError(messageOf(e))
    }
  }, [])
  useEffect(() => {
    void reload()
    if (everyMs <= 0) return
    const timer = setInterval(() => void reload(), everyMs)
    return () => clearInterval(timer)
  }, [reload, everyMs, ...deps])
  return { data, error, reload }
}

/** Runs a typed call of the protocol client as the organiser now and every `everyMs` (never when 0). */
export const usePolling = <A, E>(
  call: (client: Client) => Effect.Effect<A, E>,
  everyMs: number,
  deps: ReadonlyArray<unknown> = [],
) => usePollingPromise(() => api(call), everyMs, deps)
