import { type SeatShape, seatColour } from "./palette.js"

const polygon = (cx: number, cy: number, r: number, points: number, rotate: number, inner?: number): string =>
  Array.from({ length: inner ? points * 2 : points }, (_, i) => {
    const radius = inner && i % 2 === 1 ? inner : r
    const a = rotate + (i * Math.PI * 2) / (inner ? points * 2 : points)
    return `${(cx + radius * Math.cos(a)).toFixed(2)},${(cy + radius * Math.sin(a)).toFixed(2)}`
  }).join(" ")

/** The outline of a seat's shape centred on (cx, cy), fitting a circle of radius r. */
export const ShapePath = ({
  shape,
  cx,
  cy,
  r,
  fill,
  stroke,
  strokeWidth = 1.5,
}: {
  shape: SeatShape
  cx: number
  cy: number
  r: number
  fill: string
  stroke: string
  strokeWidth?: number
}) => {
  const common = { fill, stroke, strokeWidth, strokeLinejoin: "round" as const }
  switch (shape) {
    case "circle":
      return <circle cx={cx} cy={cy} r={r} {...common} />
    case "square":
      return (
        <rect
          x={cx - r * 0.86}
          y={cy - r * 0.86}
          width={r * 1.72}
          height={r * 1.72}
          rx={r * 0.15}
          {...common}
        />
      )
    case "triangle":
      return <polygon points={polygon(cx, cy + r * 0.15, r * 1.12, 3, -Math.PI / 2)} {...common} />
    case "diamond":
      return <polygon points={polygon(cx, cy, r * 1.12, 4, -Math.PI / 2)} {...common} />
    case "hexagon":
      return <polygon points={polygon(cx, cy, r, 6, 0)} {...common} />
    case "star":
      return <polygon points={polygon(cx, cy + r * 0.08, r * 1.15, 5, -Math.PI / 2, r * 0.55)} {...common} />
  }
}

/**
 * A seat's piece: its shape in its colour with its number, so two seats differ by shape, colour and label.
 * `label` overrides the number (a height, a count).
 */
export const SeatMarker = ({
  seat,
  cx,
  cy,
  r,
  label,
  title,
}: {
  seat: number
  cx: number
  cy: number
  r: number
  label?: string | undefined
  title?: string | undefined
}) => {
  const c = seatColour(seat)
  const text = label ?? String(seat + 1)
  return (
    <g className="bui-seat-marker" data-seat={seat}>
      {title ? <title>{title}</title> : null}
      <ShapePath shape={c.shape} cx={cx} cy={cy} r={r} fill={c.fill} stroke="#1B1F24" />
      {text ? (
        <text
          x={cx}
          y={cy}
          dy="0.35em"
          textAnchor="middle"
          fontSize={r * (text.length > 1 ? 0.95 : 1.15)}
          fontWeight={700}
          fill={c.ink}
          aria-hidden="true"
        >
          {text}
        </text>
      ) : null}
    </g>
  )
}

/** A small standalone SVG swatch of a seat's piece, for HTML panels and legends. */
export const SeatSwatch = ({ seat, size = 18 }: { seat: number; size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" className="bui-swatch">
    <SeatMarker seat={seat} cx={10} cy={10} r={8} />
  </svg>
)
