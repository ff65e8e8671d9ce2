"use client"
import { LineChart } from "@boroughs/board-ui"

const PALETTE = [
  "#2456c7",
  "#c2410c",
  "#16794a",
  "#7c3aed",
  "#b3261e",
  "#0e7490",
  "#a16207",
  "#be185d",
  "#475569",
  "#4d7c0f",
]

/** Ratings (μ − 3σ, openskill) after each round: who is climbing reads better as lines than as numbers. */
export function RatingChart({
  history,
  entrants,
}: {
  history: ReadonlyArray<{ round: number; ratings: Readonly<Record<string, number>> }>
  entrants: ReadonlyArray<string>
}) {
  if (history.length === 0) return <p className="muted">Ratings appear after the first round.</p>
  const rounds = [0, ...history.map((h) => h.round)]
  const shown = entrants.slice(0, PALETTE.length)
  const series = shown.map((e, i) => ({
    key: e,
    name: e,
    colour: PALETTE[i] ?? "#2456c7",
    values: [0, ...history.map((h) => h.ratings[e] ?? null)],
  }))
  return (
    <div>
      <LineChart
        testId="rating-chart"
        label="Each entrant's rating after each round"
        xs={rounds}
        series={series}
        height={300}
        dots
        xLabel={(r) => (r === 0 ? "start" : `R${r}`)}
        yLabel={(v) => (Number.isInteger(v) ? String(v) : v.toFixed(2))}
        describeX={(r) => (r === 0 ? "start" : `after round ${r}`)}
      />
      {entrants.length > shown.length && (
        <p className="muted">The top {shown.length} of the standings are drawn; the table lists everyone.</p>
      )}
    </div>
  )
}
