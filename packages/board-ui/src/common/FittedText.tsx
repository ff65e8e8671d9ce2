import { type FittedBlock, LEADING, textWidth } from "./fitText.js"

/** Where a line's baseline sits below the top of its line box, as a multiple of the font size. */
const BASELINE = 0.92

/**
 * A fitted block's lines as SVG text, the first line box's top at `top`. With `squeeze`, a line estimated
 * wider than `maxWidth` is compressed to it (textLength) instead of running over the shape's edge.
 */
export const FittedLines = ({
  block,
  x,
  top,
  anchor = "start",
  bold = false,
  fill,
  maxWidth,
  squeeze,
}: {
  block: FittedBlock
  x: number
  top: number
  anchor?: "start" | "middle"
  bold?: boolean
  fill: string
  /** The width line `i` may take (used only with `squeeze`). */
  maxWidth: (line: number) => number
  squeeze: boolean
}) => (
  <>
    {block.lines.map((line, i) => {
      const over = squeeze && textWidth(line, block.size, bold) > maxWidth(i)
      return (
        <text
          key={`${i}-${line}`}
          x={x}
          y={round(top + (i * LEADING + BASELINE) * block.size)}
          textAnchor={anchor === "middle" ? "middle" : undefined}
          fontSize={block.size}
          fontWeight={bold ? 700 : undefined}
          fill={fill}
          textLength={over ? round(maxWidth(i)) : undefined}
          lengthAdjust={over ? "spacingAndGlyphs" : undefined}
        >
          {line}
        </text>
      )
    })}
  </>
)

const round = (n: number) => Math.round(n * 100) / 100
