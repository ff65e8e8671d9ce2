"use client"

import { type MouseEvent, useEffect, useMemo, useRef, useState } from "react"
import { linear, linePath, nearestIndex, niceTicks } from "./chartScale.js"

/** One line of a chart: its name in the legend and the tooltip, its colour, one value per x (null: none). */
export interface ChartSeries {
  readonly key: string
  readonly name: string
  readonly colour: string
  readonly values: ReadonlyArray<number | null>
}

/** A point called out on a line (a seat's mistake): a ringed dot, its words in a tooltip. */
export interface ChartCallout {
  readonly key: string
  readonly x: number
  readonly y: number
  readonly colour: string
  readonly text: string
}

export interface LineChartProps {
  /** The x of each value, ascending (a game's versions, a tournament's rounds). */
  readonly xs: ReadonlyArray<number>
  readonly series: ReadonlyArray<ChartSeries>
  /** Hold each value until the next x (scores) rather than join the points (ratings). */
  readonly step?: boolean
  readonly height?: number
  /** A dashed line at this x (the position shown). */
  readonly marker?: number | undefined
  /** Small ticks on the x axis at these xs (the big swings). */
  readonly marks?: ReadonlyArray<number>
  /** Points called out on the lines, their words shown on hover and in the tooltip at their x. */
  readonly callouts?: ReadonlyArray<ChartCallout>
  /**
   * The y axis's range whatever the values (a share from 0 to 100); by default 0 and the values' range. A
   * constant, not a fresh array per render: the chart's geometry is recomputed when it changes.
   */
  readonly yDomain?: readonly [number, number]
  readonly xLabel?: (x: number) => string
  readonly yLabel?: (y: number) => string
  /** The tooltip's heading for an x. */
  readonly describeX?: (x: number) => string
  /** A click (or tap) on the chart goes to the nearest x. */
  readonly onPick?: ((x: number) => void) | undefined
  /** Dots on the points (few of them: a tournament's rounds). */
  readonly dots?: boolean
  readonly label: string
  readonly testId?: string
}

const PAD = { top: 8, right: 12, bottom: 22, left: 44 }

/**
 * A line chart in plain SVG, drawn on the server as in the browser: axes with round ticks, a legend, a
 * tooltip that follows the pointer, a click that picks the nearest x. A few kilobytes where a chart library
 * weighed 400 KB of the page's JavaScript.
 */
export function LineChart({
  xs,
  series,
  step = false,
  height = 240,
  marker,
  marks = [],
  callouts = [],
  yDomain,
  xLabel = String,
  yLabel = String,
  describeX = xLabel,
  onPick,
  dots = false,
  label,
  testId,
}: LineChartProps) {
  const box = useRef<HTMLDivElement | null>(null)
  const [width, setWidth] = useState(640)
  const [hover, setHover] = useState<number | null>(null)
  useEffect(() => {
    const element = box.current
    if (element === null || typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0)
      if (w > 0) setWidth(w)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const plotHeight = height
  const geometry = useMemo(() => {
    const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null))
    const yTicks =
      yDomain === undefined
        ? niceTicks(Math.min(0, ...values), Math.max(0, ...values))
        : niceTicks(yDomain[0], yDomain[1])
    const x0 = xs[0] ?? 0
    const x1 = xs[xs.length - 1] ?? x0
    const toX = linear(x0, x1, PAD.left, width - PAD.right)
    const toY = linear(yTicks[0] ?? 0, yTicks[yTicks.length - 1] ?? 0, plotHeight - PAD.bottom, PAD.top)
    const pxs = xs.map(toX)
    const xTicks = niceTicks(x0, x1, Math.max(2, Math.floor((width - PAD.left) / 70))).filter(
      (t) => t >= x0 && t <= x1 && (xs.length > 30 || Number.isInteger(t)),
    )
    // Drawn once per data and size, not per render: a page re-renders on every step of a replay.
    const paths = series.map((s) =>
      linePath(
        pxs,
        s.values.map((v) => (v === null ? null : toY(v))),
        step,
      ),
    )
    return { yTicks, xTicks, toX, toY, pxs, paths }
  }, [xs, series, width, plotHeight, step, yDomain])
  const { yTicks, xTicks, toX, toY, pxs, paths } = geometry

  const indexAt = (event: MouseEvent<SVGSVGElement>): number => {
    const rect = event.currentTarget.getBoundingClientRect()
    return nearestIndex(pxs, ((event.clientX - rect.left) / rect.width) * width)
  }
  const hovered = hover === null ? null : xs[hover]
  const tipLeft = hover === null ? 0 : (pxs[hover] ?? 0)
  const calledOut = hovered === undefined || hovered === null ? [] : callouts.filter((c) => c.x === hovered)

  return (
    <div className="bui-chart" data-testid={testId}>
      <style>{chartStyles}</style>
      <ul className="bui-chart-legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.key}>
            <span className="bui-chart-key" style={{ background: s.colour }} />
            {s.name}
          </li>
        ))}
      </ul>
      <div ref={box} className="bui-chart-plot" style={{ position: "relative", height: plotHeight }}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; pages give the same moves to the keyboard (the spectator's ←/→ and scrubber) */}
        <svg
          role="img"
          aria-label={label}
          width="100%"
          height={plotHeight}
          viewBox={`0 0 ${width} ${plotHeight}`}
          preserveAspectRatio="none"
          style={{ display: "block", cursor: onPick ? "pointer" : undefined, touchAction: "pan-y" }}
          onPointerMove={(e) => setHover(indexAt(e))}
          onPointerLeave={() => setHover(null)}
          onClick={(e) => {
            const i = indexAt(e)
            const x = xs[i]
            if (onPick && x !== undefined) onPick(x)
          }}
        >
          <g className="bui-chart-grid" stroke="#e3e7ec" strokeWidth={1}>
            {yTicks.map((t) => (
              <line key={`y${t}`} x1={PAD.left} x2={width - PAD.right} y1={toY(t)} y2={toY(t)} />
            ))}
          </g>
          <g fontSize={11} fill="#4a5361">
            {yTicks.map((t) => (
              <text key={`yl${t}`} x={PAD.left - 6} y={toY(t) + 4} textAnchor="end">
                {yLabel(t)}
              </text>
            ))}
            {xTicks.map((t) => (
              <text key={`xl${t}`} x={toX(t)} y={plotHeight - 6} textAnchor="middle">
                {xLabel(t)}
              </text>
            ))}
          </g>
          {marks.map((m) => (
            <line
              key={`m${m}`}
              className="bui-chart-mark"
              x1={toX(m)}
              x2={toX(m)}
              y1={plotHeight - PAD.bottom}
              y2={plotHeight - PAD.bottom + 5}
              stroke="#8a5a00"
              strokeWidth={2}
            />
          ))}
          {series.map((s, i) => (
            <g key={s.key}>
              <path
                className="bui-chart-line"
                d={paths[i]}
                fill="none"
                stroke={s.colour}
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
              />
              {dots
                ? s.values.map((v, i) =>
                    v === null ? null : (
                      <circle key={`${s.key}-${xs[i]}`} cx={pxs[i]} cy={toY(v)} r={2.5} fill={s.colour} />
                    ),
                  )
                : null}
            </g>
          ))}
          {callouts.map((c) => (
            <circle
              key={c.key}
              className="bui-chart-callout"
              cx={toX(c.x)}
              cy={toY(c.y)}
              r={5}
              fill="#fff"
              stroke={c.colour}
              strokeWidth={3}
            >
              <title>{c.text}</title>
            </circle>
          ))}
          {marker !== undefined ? (
            <line
              className="bui-chart-marker"
              x1={toX(marker)}
              x2={toX(marker)}
              y1={PAD.top}
              y2={plotHeight - PAD.bottom}
              stroke="#1b2430"
              strokeDasharray="4 3"
            />
          ) : null}
          {hover !== null ? (
            <line
              x1={tipLeft}
              x2={tipLeft}
              y1={PAD.top}
              y2={plotHeight - PAD.bottom}
              stroke="#9aa4b2"
              strokeWidth={1}
            />
          ) : null}
        </svg>
        {hovered !== null && hovered !== undefined && hover !== null ? (
          <div
            className="bui-chart-tip"
            aria-hidden="true"
            style={{
              position: "absolute",
              top: PAD.top,
              ...(tipLeft > width / 2 ? { right: width - tipLeft + 8 } : { left: tipLeft + 8 }),
            }}
          >
            <strong>{describeX(hovered)}</strong>
            {[...series]
              .map((s) => ({ s, v: s.values[hover] ?? null }))
              .filter(({ v }) => v !== null)
              .sort((a, b) => (b.v as number) - (a.v as number))
              .map(({ s, v }) => (
                <div key={s.key}>
                  <span className="bui-chart-key" style={{ background: s.colour }} />
                  {s.name}: {yLabel(v as number)}
                </div>
              ))}
            {calledOut.map((c) => (
              <div key={c.key} className="bui-chart-tip-callout">
                <span className="bui-chart-key" style={{ background: c.colour }} />
                {c.text}
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  )
}

/** The chart's own stylesheet (legend, tooltip), rendered with it. */
const chartStyles = `
.bui-chart-legend { display: flex; flex-wrap: wrap; gap: 4px 14px; list-style: none; margin: 0 0 4px; padding: 0; font-size: 12px; }
.bui-chart-legend li { display: inline-flex; align-items: center; gap: 5px; }
.bui-chart-key { display: inline-block; width: 14px; height: 3px; border-radius: 2px; vertical-align: middle; margin-right: 4px; }
.bui-chart-tip { background: #fff; border: 1px solid #cfd6df; border-radius: 6px; padding: 6px 8px; font-size: 12px; line-height: 1.45; box-shadow: 0 2px 8px rgba(0,0,0,.12); pointer-events: none; white-space: nowrap; z-index: 2; }
.bui-chart-tip-callout { max-width: 320px; white-space: normal; margin-top: 4px; }
`
