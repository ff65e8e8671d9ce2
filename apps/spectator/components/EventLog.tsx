"use client"

import { type GameRenderer, narrateWith, type SeatInfo } from "@boroughs/board-ui/kit"
import type { ViewedEnvelope } from "@boroughs/protocol"
import { memo, useEffect, useRef } from "react"

/**
 * Every event the spectator may see, in plain words (board-ui's `narrateWith`, with the game's own narrator); the one at the position shown
 * is marked, and a click jumps to it. Redacted events narrate only what is public. The list is one tab
 * stop that scrolls with the keyboard (`data-owns-keys`: the replay leaves its keys alone while focused);
 * each event's type name stays out of sight, as its tooltip. A finished game's analysis notes its mistakes at
 * the events of the commands they were.
 */
export const EventLog = memo(function EventLog({
  renderer,
  events,
  seats,
  at,
  onJump,
  notes,
}: {
  /** The game's renderer, whose narrator words its events (undefined: a game without one yet). */
  renderer: GameRenderer | undefined
  events: ReadonlyArray<ViewedEnvelope>
  seats: ReadonlyArray<SeatInfo>
  at: number
  onJump: (version: number) => void
  /** Words to add under an event, by its version (the mistakes of the analysis). */
  notes?: ReadonlyMap<number, ReadonlyArray<string>> | undefined
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
      <ol
        className="log"
        ref={list}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable to scroll by keyboard.
        tabIndex={0}
        aria-label="Events, oldest first"
        data-owns-keys="true"
        data-testid="event-log"
      >
        {events.map((e) => (
          <li
            key={e.version}
            data-version={e.version}
            title={e.type}
            aria-current={e.version === at ? "true" : undefined}
            onClick={() => onJump(e.version)}
            onKeyDown={(k) => {
              if (k.key === "Enter") onJump(e.version)
            }}
          >
            <span className="v">{e.version}</span>
            <span>
              {narrateWith(renderer, e, seats)}
              {notes?.get(e.version)?.map((text) => (
                <span key={text} className="log-mistake" data-testid="log-mistake">
                  <span aria-hidden="true">⚠ </span>
                  <span className="visually-hidden">Mistake: </span>
                  {text}
                </span>
              ))}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
})
