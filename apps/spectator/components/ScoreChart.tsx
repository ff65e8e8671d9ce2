"use client"

import { LineChart, type SeatInfo, seatColour } from "@boroughs/board-ui/kit"
import type { TimelinePoint } from "@boroughs/protocol"
import { useMemo } from "react"

/**
 * Score or money per seat over the game's positions; a click jumps there, a dashed line marks the position
 * shown and small ticks under the axis the big swings.
 */
export function ScoreChart({
  points,
  seats,
  measure,
  scoreLabel,
  at,
  swings = [],
  onJump,
}: {
  points: ReadonlyArray<TimelinePoint>
  seats: ReadonlyArray<SeatInfo>
  measure: "score" | "money"
  scoreLabel: string
  at: number
  swings?: ReadonlyArray<number>
  onJump: (version: number) => void
}) {
  const xs = useMemo(() => points.map((p) => p.version), [points])
  const series = useMemo(
    () =>
      seats.map((s) => ({
        key: `seat-${s.seat}`,
        name: s.name,
        colour: seatColour(s.seat).fill,
        values: points.map((p) => p.standings[s.seat]?.[measure] ?? null),
      })),
    [points, seats, measure],
  )
  const shown = measure === "score" ? scoreLabel : "money"
  return (
    <LineChart
      testId="score-chart"
      label={`${shown} per seat over the game`}
      xs={xs}
      series={series}
      step
      marker={at}
      marks={swings}
      describeX={(v) => `position ${v}`}
      onPick={onJump}
    />
  )
}
