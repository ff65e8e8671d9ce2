"use client"
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"

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
  const data = [
    { round: 0, ...Object.fromEntries(entrants.map((e) => [e, 0])) },
    ...history.map((h) => ({ round: h.round, ...h.ratings })),
  ]
  const shown = entrants.slice(0, PALETTE.length)
  return (
    <div data-testid="rating-chart" style={{ width: "100%", height: 300 }}>
      <ResponsiveContainer>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid stroke="#e5e9f0" />
          <XAxis dataKey="round" tickFormatter={(r) => (r === 0 ? "start" : `R${r}`)} />
          <YAxis width={40} />
          <Tooltip
            formatter={(v) => (typeof v === "number" ? v.toFixed(2) : String(v))}
            labelFormatter={(r) => (r === 0 ? "start" : `after round ${r}`)}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {shown.map((e, i) => (
            <Line
              key={e}
              type="monotone"
              dataKey={e}
              stroke={PALETTE[i] ?? "#2456c7"}
              strokeWidth={2}
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
      {entrants.length > shown.length && (
        <p className="muted">The top {shown.length} of the standings are drawn; the table lists everyone.</p>
      )}
    </div>
  )
}
