"use client"

import { useRouter } from "next/navigation"
import { useEffect, useState } from "react"

/**
 * The page's data could not be read from the game server: say so and try again every few seconds
 * (re-rendering the page on the server), instead of failing. The page comes back once the server does.
 */
export function ServerDown({ message, everyMs = 3_000 }: { message: string; everyMs?: number }) {
  const router = useRouter()
  const [attempt, setAttempt] = useState(1)
  useEffect(() => {
    const timer = setInterval(() => {
      setAttempt((n) => n + 1)
      router.refresh()
    }, everyMs)
    return () => clearInterval(timer)
  }, [router, everyMs])
  return (
    <div className="banner banner-down" role="alert" data-testid="server-down">
      <strong>The game server cannot be reached.</strong> Retrying every {Math.round(everyMs / 1000)} s
      (attempt {attempt}) — this page comes back on its own.
      <div className="muted">{message}</div>
    </div>
  )
}
