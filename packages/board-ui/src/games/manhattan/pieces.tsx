import { seatColour, ui } from "../../common/palette.js"
import { S } from "./layout.js"

/** A seat colour mixed with white: building cells stay light enough for dark text on them. */
export const tint = (hex: string, amount = 0.62): string => {
  const n = Number.parseInt(hex.slice(1), 16)
  const mix = (c: number) => Math.round(c + (255 - c) * amount)
  const [r, g, b] = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)]
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`
}

export const TowerIcon = ({ x, y, seat }: { x: number; y: number; seat: number }) => {
  const c = seatColour(seat)
  return (
    <g aria-hidden="true" transform={`translate(${x} ${y})`}>
      <path
        d="M0 20 L0 4 L3 4 L3 0 L6 0 L6 4 L9 4 L9 0 L12 0 L12 4 L15 4 L15 0 L18 0 L18 4 L18 20 Z"
        fill={c.fill}
        stroke={ui.ink}
        strokeWidth={1.3}
        strokeLinejoin="round"
      />
      <text x={9} y={16} textAnchor="middle" fontSize={10} fontWeight={700} fill={c.ink}>
        {seat + 1}
      </text>
    </g>
  )
}

export const RoofIcon = ({ x, y }: { x: number; y: number }) => (
  <path
    aria-hidden="true"
    d={`M${x} ${y + 12} L${x + 11} ${y} L${x + 22} ${y + 12} Z`}
    fill="#5B3A29"
    stroke={ui.ink}
    strokeWidth={1.2}
    strokeLinejoin="round"
  />
)

export const Street = ({ x, y }: { x: number; y: number }) => (
  <g aria-hidden="true">
    <rect x={x + 2} y={y + 2} width={S - 4} height={S - 4} rx={3} fill="#6B7280" />
    <line
      x1={x + 8}
      y1={y + S / 2}
      x2={x + S - 8}
      y2={y + S / 2}
      stroke="#F3F4F6"
      strokeWidth={3}
      strokeDasharray="7 6"
    />
  </g>
)

const PIPS: Record<number, ReadonlyArray<readonly [number, number]>> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
}

/** A die face with its pips (and its number for screen readers in the parent's label). */
export const Die = ({ x, y, value, size = 30 }: { x: number; y: number; value: number; size?: number }) => (
  <g aria-hidden="true">
    <rect
      x={x}
      y={y}
      width={size}
      height={size}
      rx={size * 0.18}
      fill="#FFFFFF"
      stroke={ui.ink}
      strokeWidth={1.5}
    />
    {(PIPS[value] ?? []).map(([dx, dy], i) => (
      <circle
        key={i}
        cx={x + size / 2 + (dx * size) / 3.6}
        cy={y + size / 2 + (dy * size) / 3.6}
        r={size / 11}
        fill={ui.ink}
      />
    ))}
  </g>
)
