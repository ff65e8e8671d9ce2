import { FittedLines } from "../../common/FittedText.js"
import { type FittedBlock, fitBlocks, LEADING } from "../../common/fitText.js"
import { ui } from "../../common/palette.js"
import { CATEGORY_STYLE, effectShort, LAKE_EFFECTS, tileDef, tileWords } from "./data.js"

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

/**
 * A tile's name and every effect fitted inside its hex, whole: between the category badge and the bottom
 * (the investment tab, or a lake's waves), each line no wider than the hex is at that height. Names wrap
 * onto two lines, an effect onto two; the text shrinks before anything would be cut (fitText.ts).
 */
export const tileText = (
  name: string,
  effects: ReadonlyArray<string>,
  { lake, invested }: { lake: boolean; invested: boolean },
  size: number,
) => {
  const k = size / 46
  const top = -23 * k
  const bottom = (lake ? 18 : 28) * k
  // Inside the hex's outline, or the gold rim of an invested tile, with a little air.
  const inner = size - (invested ? 8 : 4) * k
  const widthAt = (from: number, to: number) => {
    const far = Math.max(Math.abs(top + from), Math.abs(top + to))
    return 2 * (inner - far / Math.sqrt(3))
  }
  const fitted = fitBlocks(
    [
      { pieces: name.split(" "), joiner: " ", size: 11.5 * k, bold: true, maxLines: 2 },
      ...effects.map((e) => ({ pieces: e.split(" "), joiner: " ", size: 9.8 * k, maxLines: 2 })),
    ],
    { height: bottom - top, widthAt, middle: true },
    0.6,
  )
  return { ...fitted, boxTop: top, widthAt }
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
  const k = size / 46
  const text = tileText(name, effects, { lake, invested }, size)
  const [title, ...lines] = text.blocks as [FittedBlock, ...FittedBlock[]]
  const lineWidth = (block: FittedBlock) => (i: number) =>
    text.widthAt(block.top + i * block.size * LEADING, block.top + (i + 1) * block.size * LEADING)
  return (
    <g aria-hidden="true">
      {/* Hovering a tile shows it in words; its place's label (keyboard focus, screen readers) has the same. */}
      <title>{tileWords({ tile, lake, invested })}</title>
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
      <FittedLines
        block={title}
        x={cx}
        top={cy + text.boxTop + title.top}
        anchor="middle"
        bold
        fill={ui.ink}
        maxWidth={lineWidth(title)}
        squeeze={text.squeeze}
      />
      {lines.map((block, i) => (
        <FittedLines
          key={i}
          block={block}
          x={cx}
          top={cy + text.boxTop + block.top}
          anchor="middle"
          fill={ui.ink}
          maxWidth={lineWidth(block)}
          squeeze={text.squeeze}
        />
      ))}
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
