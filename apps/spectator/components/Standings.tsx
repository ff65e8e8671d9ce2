import { Clock, type SeatInfo, SeatSwatch } from "@boroughs/board-ui/kit"
import type { SeatClock, TimelinePoint } from "@boroughs/protocol"
import { ranksOf } from "@/lib/timeline"

/**
 * Each seat's score and money at the position shown, with its rank and whether it owes a decision (and its
 * time left, or "no clock" when the game has none), leader first.
 */
export function Standings({
  point,
  seats,
  scoreLabel,
  owing,
  clocks,
  clocked,
}: {
  point: TimelinePoint | undefined
  seats: ReadonlyArray<SeatInfo>
  scoreLabel: string
  owing: ReadonlyArray<number>
  clocks: ReadonlyArray<SeatClock>
  /** Whether the game has a clock at all. */
  clocked: boolean
}) {
  const standings = point?.standings ?? []
  const ranks = ranksOf(standings.map((s) => s.score))
  // Leader first; seats tied on rank in seat order (before the first score, every seat in seat order).
  const rankOf = (seat: number) => ranks[seat] ?? Number.POSITIVE_INFINITY
  const rows = [...seats].sort((a, b) => rankOf(a.seat) - rankOf(b.seat) || a.seat - b.seat)
  const hasMoney = standings.some((s) => s.money !== null)
  const moneyIsScore = scoreLabel === "money"
  const clockOf = (seat: number) => {
    if (!clocked) return <span className="muted"> · no clock</span>
    const clock = clocks.find((c) => c.seat === seat)
    return clock === undefined ? null : (
      <>
        {" "}
        <Clock seat={seat} deadline={clock.deadline} />
      </>
    )
  }
  return (
    <section className="panel" aria-label="Standings">
      <h2>Standings{point ? ` · round ${point.round}` : ""}</h2>
      <table className="standings" data-testid="standings">
        <thead>
          <tr>
            <th>#</th>
            <th>Seat</th>
            <th className="num">{moneyIsScore ? "Money" : scoreLabel}</th>
            {hasMoney && !moneyIsScore ? <th className="num">Money</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.seat} data-seat={s.seat}>
              <td>{ranks[s.seat] ?? "–"}</td>
              <td>
                <SeatSwatch seat={s.seat} size={14} /> {s.name}
                {owing.includes(s.seat) ? <span className="muted"> · to play</span> : null}
                {owing.includes(s.seat) ? clockOf(s.seat) : null}
              </td>
              <td className="num">
                {moneyIsScore ? `$${standings[s.seat]?.score ?? 0}` : (standings[s.seat]?.score ?? 0)}
              </td>
              {hasMoney && !moneyIsScore ? <td className="num">${standings[s.seat]?.money ?? 0}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
