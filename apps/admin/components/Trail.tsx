"use client"
import type { TrailEntry } from "@boroughs/protocol"

export type TrailRow = typeof TrailEntry.Type

/** Seats as every page numbers them, from 1 (the events count from 0). */
const seatOf = (seat: unknown): string => (typeof seat === "number" ? String(seat + 1) : String(seat))

const describe = (row: TrailRow): string => {
  const d = (row.detail ?? {}) as Record<string, unknown>
  switch (row.type) {
    case "SeatForfeited":
      return `seat ${seatOf(d.seat)} forfeited`
    case "SeatReplaced":
      return `seat ${seatOf(d.seat)} → ${d.holder}`
    case "EventAnnotated":
      return `note on v${d.version}: ${d.note ?? "(organisers only)"}`
    case "TournamentAnnotated":
      return `note: ${d.note ?? ""}`
    case "GameEnded":
      return `adjudicated: ranks ${JSON.stringify(d.ranks)}, scores ${JSON.stringify(d.scores)}`
    case "OrganiserViewed":
      return `viewed everything at v${d.gameVersion}`
    default:
      return ""
  }
}

/** The organiser action trail: every action and every organiser view, as the streams recorded them. */
export function Trail({ rows }: { rows: ReadonlyArray<TrailRow> }) {
  if (rows.length === 0) return <p className="muted">No organiser actions yet.</p>
  return (
    <div className="table-scroll">
      <table data-testid="trail">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>What</th>
            <th>Why</th>
            <th>Where</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.stream}:${r.version}`}>
              <td className="mono nowrap">{r.at.replace("T", " ").slice(0, 19)}</td>
              <td>{r.actor}</td>
              <td>
                <strong>{r.type}</strong> {describe(r)}
              </td>
              <td>{r.reason}</td>
              <td className="mono">
                {r.stream} v{r.version}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
