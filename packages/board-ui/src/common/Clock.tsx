"use client"

import { useEffect, useState } from "react"
import { formatTimeLeft, isRunningOut, timeLeftMs } from "./clock.js"

/**
 * A seat's time left on its decision, counting down each second from the server's deadline. Blank until
 * hydrated: the server's HTML would show the time at rendering, a second or more stale by then.
 */
export function Clock({ seat, deadline }: { seat: number; deadline: string }) {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  const left = now === null ? null : timeLeftMs(deadline, now)
  return (
    <span
      role="timer"
      title="time left to decide"
      className={left !== null && isRunningOut(left) ? "clock clock-warn" : "clock"}
      // Fixed-width digits, so the countdown does not jiggle; red and bold once time runs short.
      style={{
        fontVariantNumeric: "tabular-nums",
        whiteSpace: "nowrap",
        ...(left !== null && isRunningOut(left) ? { color: "var(--bad, #b3261e)", fontWeight: 600 } : {}),
      }}
      data-testid="clock"
      data-seat={seat}
    >
      {left === null ? "" : formatTimeLeft(left)}
    </span>
  )
}
