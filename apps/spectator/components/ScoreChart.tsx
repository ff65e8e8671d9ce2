"use client"

import { type SeatInfo, seatColour } from "@boroughs/board-ui"
import type { TimelinePoint } from "@boroughs/protocol"
import { useMemo } from "react"
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts"

/** Score or money per seat over the game's positions; a click jumps there, a line marks the position shown. */
export function ScoreChart({
  points,
  seats,
  measure,
  scoreLabel,
  at,
  onJump,
}: {
  points: ReadonlyArray<TimelinePoint>
  seats: ReadonlyArray<SeatInfo>
  measure: "score" | "money"
  scoreLabel: string
  at: number
  onJump: (version: number) => void
}) {
  const data = useMemo(
    () =>
      points.map((p) => {
        const row: Record<string, number | null> = { version: p.version }
        for (const s of seats) row[`s${s.seat}`] = p.standings[s.seat]?.[measure] ?? null
        return row
      }),
    [points, seats, measure],
  )
  return (
    <div
      className="chart"
      data-testid="score-chart"
      role="img"
      aria-label={`${measure === "score" ? scoreLabel : "money"} per seat over the game`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={data}
          margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
          onClick={(state) => {
            const v = Number(state?.activeLabel)
            if (Number.isInteger(v)) onJump(v)
          }}
        >
          <CartesianGrid stroke="#e3e7ec" />
          <XAxis dataKey="version" type="number" domain={["dataMin", "dataMax"]} tick={{ fontSize: 11 }} />
          <YAxis tick={{ fontSize: 11 }} width={44} />
          <Tooltip labelFormatter={(v) => `position ${v}`} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <ReferenceLine x={at} stroke="#1b2430" strokeDasharray="4 3" />
          {seats.map((s) => (
            <Line
              key={s.seat}
              type="stepAfter"
              dataKey={`s${s.seat}`}
              name={s.name}
              stroke={seatColour(s.seat).fill}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}
