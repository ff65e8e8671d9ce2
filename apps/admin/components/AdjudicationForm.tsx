"use client"
import { useState } from "react"
import { checkAdjudication, initialEntries, type SeatEntry } from "./adjudication"

/**
 * The result an organiser rules for a game: a rank and a score for each seat (numbered from 1), checked
 * here before anything is sent; a valid result goes to `onAdjudicate`, which asks for confirmation.
 */
export function AdjudicationForm({
  seatNames,
  view,
  onAdjudicate,
}: {
  /** "Seat 1 (bot:alpha)", a seat each. */
  seatNames: ReadonlyArray<string>
  /** The organiser's view of the game: its scores, when it shows them, fill the form first. */
  view: unknown
  onAdjudicate: (ranks: ReadonlyArray<number>, scores: ReadonlyArray<number>) => void
}) {
  const [entries, setEntries] = useState<SeatEntry[]>(() => initialEntries(view, seatNames.length))
  const [problems, setProblems] = useState<ReadonlyArray<string>>([])
  const edit = (seat: number, change: Partial<SeatEntry>) =>
    setEntries((all) => all.map((e, i) => (i === seat ? { ...e, ...change } : e)))
  const submit = () => {
    const checked = checkAdjudication(entries)
    if (!checked.ok) {
      setProblems(checked.problems)
      return
    }
    setProblems([])
    onAdjudicate(checked.ranks, checked.scores)
  }
  return (
    <form
      className="adjudication"
      data-testid="adjudication"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <h3>Adjudicate</h3>
      <p className="muted">
        End the game with this result. Ranks run from 1 to {seatNames.length}; tied seats share a rank and the
        next rank skips (1, 1, 3).
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>Seat</th>
              <th>Rank</th>
              <th>Score</th>
            </tr>
          </thead>
          <tbody>
            {seatNames.map((name, seat) => (
              <tr key={name}>
                <td>{name}</td>
                <td>
                  <input
                    aria-label={`Rank of seat ${seat + 1}`}
                    inputMode="numeric"
                    value={entries[seat]?.rank ?? ""}
                    onChange={(e) => edit(seat, { rank: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Score of seat ${seat + 1}`}
                    inputMode="decimal"
                    value={entries[seat]?.score ?? ""}
                    onChange={(e) => edit(seat, { score: e.target.value })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problems.length > 0 && (
        <ul className="error" role="alert" data-testid="adjudication-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="submit" className="danger">
          Adjudicate…
        </button>
      </div>
    </form>
  )
}
