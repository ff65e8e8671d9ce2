import { ui } from "../../common/palette.js"
import { CATEGORY_STYLE, effectShort, LAKE_EFFECTS, tileDef } from "./data.js"

/** Centre of hex (q, r), flat-topped, radius `size` (the catalogue's x = 1.5·q, y = √3·(r + q/2)). */
export const hexCentre = (q: number, r: number, size: number) => ({
  x: 1.5 * q * size,
  y: Math.sqrt(3) * (r + q / 2) * size,
})

/** The six corners of a flat-topped hex, as an SVG points list. */
export const hexPoints = (cx: number, cy: number, size: number): string =>
  Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i
    return `${(cx + size * Math.cos(a)).toFixed(1)},${(cy + size * Math.sin(a)).toFixed(1)}`
  }).join(" ")

/** Splits a name into at most two lines of about `width` characters. */
export const twoLines = (name: string, width: number): string[] => {
  if (name.length <= width) return [name]
  const words = name.split(" ")
  let first = ""
  while (words.length > 0 && `${first} ${words[0]}`.trim().length <= width)
    first = `${first} ${words.shift()}`.trim()
  if (!first) first = words.shift() ?? ""
  const rest = words.join(" ")
  return [first, rest.length > width + 2 ? `${rest.slice(0, width)}…` : rest].filter(Boolean)
}

/**
 * A tile as printed, on a hex: category colour and letter, name, its effects in short form, an investment
 * marker (×2) when invested. A lake is water with its own effect.
 */
export const TileFace = ({
  tile,
  lake,
  invested,
  cx,
  cy,
  size,
}: {
  tile: string
  lake: boolean
  invested: boolean
  cx: number
  cy: number
  size: number
}) => {
  const def = lake ? null : tileDef(tile)
  const style = CATEGORY_STYLE[def ? def.category : "lake"]
  const name = def ? def.name : "Lake"
  const effects = (def ? def.effects : LAKE_EFFECTS).map(effectShort)
  const lines = twoLines(name, 11)
  const k = size / 46
  const shown = effects.slice(0, 2)
  const more = effects.length - shown.length
  const top = cy - (lines.length > 1 ? 14 : 7) * k
  return (
    <g aria-hidden="true">
      <polygon
        points={hexPoints(cx, cy, size - 1.5)}
        fill={style.fill}
        stroke={style.ink}
        strokeWidth={1.6}
      />
      {lake ? (
        <path
          d={`M${cx - 22 * k} ${cy + 22 * k} q ${6 * k} ${-5 * k} ${11 * k} 0 t ${11 * k} 0 t ${11 * k} 0 t ${11 * k} 0`}
          fill="none"
          stroke={style.ink}
          strokeOpacity={0.5}
          strokeWidth={1.5}
        />
      ) : null}
      <circle cx={cx} cy={cy - 32 * k} r={7.5 * k} fill={style.ink} />
      <text
        x={cx}
        y={cy - 32 * k}
        dy="0.35em"
        textAnchor="middle"
        fontSize={9.5 * k}
        fontWeight={800}
        fill="#FFFFFF"
      >
        {style.letter}
      </text>
      {lines.map((line, i) => (
        <text
          key={line}
          x={cx}
          y={top + i * 12.5 * k}
          textAnchor="middle"
          fontSize={11.5 * k}
          fontWeight={700}
          fill={ui.ink}
        >
          {line}
        </text>
      ))}
      {shown.map((e, i) => (
        <text
          key={`${e}-${i}`}
          x={cx}
          y={top + (lines.length * 12.5 + 2 + i * 11) * k}
          textAnchor="middle"
          fontSize={9.8 * k}
          fill={ui.ink}
        >
          {e.length > 15 ? `${e.slice(0, 14)}…` : e}
        </text>
      ))}
      {more > 0 ? (
        <text
          x={cx}
          y={top + (lines.length * 12.5 + 2 + shown.length * 11) * k}
          textAnchor="middle"
          fontSize={9.5 * k}
          fill={ui.muted}
        >
          {`+${more} more`}
        </text>
      ) : null}
      {invested ? (
        // An investment marker: a gold rim (clear of the text) and a ×2 tab on the hex's bottom edge.
        <g>
          <polygon points={hexPoints(cx, cy, size - 4.5)} fill="none" stroke="#D4A10A" strokeWidth={4 * k} />
          <rect
            x={cx - 11 * k}
            y={cy + 29 * k}
            width={22 * k}
            height={12 * k}
            rx={6 * k}
            fill="#F2C94C"
            stroke={ui.ink}
            strokeWidth={1}
          />
          <text
            x={cx}
            y={cy + 35 * k}
            dy="0.35em"
            textAnchor="middle"
            fontSize={8.5 * k}
            fontWeight={800}
            fill={ui.ink}
          >
            ×2
          </text>
        </g>
      ) : null}
    </g>
  )
}
