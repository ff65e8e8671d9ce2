"use client"
import { useCallback, useEffect, useRef, useState } from "react"
import { messageOf } from "./api"

/** Loads `load()` now and every `everyMs` while the page is open; `reload` fetches at once. */
export const usePolling = <A>(load: () => Promise<A>, everyMs: number, deps: ReadonlyArray<unknown> = []) => {
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
