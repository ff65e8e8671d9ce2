"use client"

import { LineChart, type SeatInfo, seatColour } from "@boroughs/board-ui/kit"
import type { PositionChances, TimelinePoint } from "@boroughs/protocol"
import { useMemo } from "react"
import { chanceSeries, type MistakeNote } from "@/lib/analysis"

/** Chances run from 0 to 100%, whatever a game's figures reach. */
const PERCENT = [0, 100] as const
const percentLabel = (y: number) => `${y}%`
const positionLabel = (v: number) => `position ${v}`

/**
 * Each seat's chance of winning over the game's positions, from the analysis: the score chart's axes,
 * seat colours and names, its dashed line at the position shown and its click to jump, with a ringed dot
 * on a seat's line where it made a mistake (its words on hover).
 */
export function WinChanceChart({
  points,
  positions,
  seats,
  notes,
  at,
  onJump,
}: {
  points: ReadonlyArray<TimelinePoint>
  positions: ReadonlyArray<PositionChances>
  seats: ReadonlyArray<SeatInfo>
  notes: ReadonlyArray<MistakeNote>
  at: number
  onJump: (version: number) => void
}) {
  const xs = useMemo(() => points.map((p) => p.version), [points])
  const series = useMemo(() => {
    const values = chanceSeries(xs, positions, seats.length)
    return seats.map((s) => ({
      key: `seat-${s.seat}`,
      name: s.name,
      colour: seatColour(s.seat).fill,
      values: values[s.seat] ?? [],
    }))
  }, [xs, positions, seats])
  const callouts = useMemo(
    () =>
      notes.map((n) => ({
        key: `mistake-${n.version}-${n.seat}`,
        x: n.version,
        y: Math.round(n.chance * 1000) / 10,
        colour: seatColour(n.seat).fill,
        text: n.text,
      })),
    [notes],
  )
  return (
    <LineChart
      testId="win-chance-chart"
      label="each seat's chance of winning over the game, in percent"
      xs={xs}
      series={series}
      step
      marker={at}
      callouts={callouts}
      yDomain={PERCENT}
      yLabel={percentLabel}
      describeX={positionLabel}
      onPick={onJump}
    />
  )
}
