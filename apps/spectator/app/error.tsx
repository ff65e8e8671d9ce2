"use client"

import { useEffect } from "react"

/** Anything unexpected on a page: say so, and retry instead of leaving a blank screen. */
export default function PageError({
  error,
  reset,
}: {
  error: Error & { digest?: string }
  reset: () => void
}) {
  useEffect(() => {
    const timer = setTimeout(reset, 5_000)
    return () => clearTimeout(timer)
  }, [reset])
  return (
    <div className="banner banner-down" role="alert">
      <strong>This page could not be shown.</strong> Retrying in 5 s.{" "}
      <span className="muted">{error.message}</span>{" "}
      <button type="button" onClick={reset}>
        Retry now
      </button>
    </div>
  )
}
