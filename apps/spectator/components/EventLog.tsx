"use client"

import { narrate, type SeatInfo } from "@boroughs/board-ui"
import type { ViewedEnvelope } from "@boroughs/protocol"
import { memo, useEffect, useRef } from "react"

/**
 * Every event the spectator may see, in plain words (board-ui's `narrate`); the one at the position shown
 * is marked, and a click jumps to it. Redacted events narrate only what is public.
 */
export const EventLog = memo(function EventLog({
  game,
  events,
  seats,
  at,
  onJump,
}: {
  game: string
  events: ReadonlyArray<ViewedEnvelope>
  seats: ReadonlyArray<SeatInfo>
  at: number
  onJump: (version: number) => void
}) {
  const list = useRef<HTMLOListElement>(null)
  // Keep the position shown in sight (the newest event while following live), within the log's own box.
  useEffect(() => {
    const box = list.current
    const item = box?.querySelector<HTMLElement>(`[data-version="${at}"]`)
    if (!box || !item) return
    const top = item.offsetTop - box.offsetTop
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight / 2)
  }, [at, events.length])
  return (
    <section className="panel" aria-label="Event log">
      <h2>Events</h2>
      {events.length === 0 ? <p className="muted">Loading the game's events…</p> : null}
      <ol className="log" ref={list} data-testid="event-log">
        {events.map((e) => (
          <li
            key={e.version}
            data-version={e.version}
            aria-current={e.version === at ? "true" : undefined}
            onClick={() => onJump(e.version)}
            onKeyDown={(k) => {
              if (k.key === "Enter") onJump(e.version)
            }}
          >
            <span className="v">{e.version}</span>
            <span>{narrate(game, e, seats)}</span>
          </li>
        ))}
      </ol>
    </section>
  )
})
