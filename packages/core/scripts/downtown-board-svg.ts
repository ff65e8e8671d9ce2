/**
 * Renders the Downtown board (src/games/downtown/board.ts) to docs/downtown-board.svg so a person can check
 * it at a glance: every zone with its number, shape and neighbour count, the two halves and the boulevard,
 * and the neighbour pairs that cross the boulevard. Run: npx tsx scripts/downtown-board-svg.ts
 */
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { BOULEVARD_X, GRID, NEIGHBOURS, ZONES, type ZoneGeometry } from "../src/games/downtown/board.js"

const PLOT = 44
const STREET = 6
const BOULEVARD = 36
const MARGIN = 24
const HEADER = 56
const FOOTER = 92

const px = (x: number): number => MARGIN + x * PLOT + (x >= BOULEVARD_X ? BOULEVARD : 0)
const py = (y: number): number => HEADER + y * PLOT

const width = MARGIN * 2 + GRID.width * PLOT + BOULEVARD
const height = HEADER + GRID.height * PLOT + FOOTER

const fill = (z: ZoneGeometry): string => (z.shape === "square" ? "#d9ecf7" : "#fbe6c2")
const stroke = (z: ZoneGeometry): string => (z.shape === "square" ? "#2f6f95" : "#9a6a12")

const zoneSvg = (z: ZoneGeometry): string => {
  const x = px(z.x) + STREET / 2
  const y = py(z.y) + STREET / 2
  const w = z.w * PLOT - STREET
  const h = z.h * PLOT - STREET
  const cx = x + w / 2
  const cy = y + h / 2
  const degree = NEIGHBOURS[z.zone - 1]?.length ?? 0
  const vertical = z.h > z.w
  const big = z.h === 1 ? 20 : 24
  const label = vertical
    ? `<text x="${cx}" y="${cy - 8}" class="num" font-size="${big}">${z.zone}</text><text x="${cx}" y="${cy + 22}" class="deg">${degree}n</text>`
    : z.h === 1
      ? `<text x="${cx - 14}" y="${cy + 7}" class="num" font-size="${big}">${z.zone}</text><text x="${cx + 26}" y="${cy + 5}" class="deg">${degree}n</text>`
      : `<text x="${cx}" y="${cy + 4}" class="num" font-size="${big}">${z.zone}</text><text x="${cx}" y="${cy + 24}" class="deg">${degree}n</text>`
  return `<g id="zone-${z.zone}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${fill(z)}" stroke="${stroke(z)}" stroke-width="2"/>${label}</g>`
}

// Neighbour pairs across the boulevard: drawn as crossings so the link between the halves is visible.
const crossings = ZONES.filter((a) => a.half === "west").flatMap((a) =>
  (NEIGHBOURS[a.zone - 1] ?? [])
    .map((n) => ZONES[n - 1] as ZoneGeometry)
    .filter((b) => b.half === "east")
    .map((b) => {
      const y0 = Math.max(a.y, b.y)
      const y1 = Math.min(a.y + a.h, b.y + b.h)
      const y = py((y0 + y1) / 2)
      return `<line x1="${px(BOULEVARD_X) - BOULEVARD - 2}" y1="${y}" x2="${px(BOULEVARD_X) + 2}" y2="${y}" class="cross"/><text x="${px(BOULEVARD_X) - BOULEVARD / 2}" y="${y - 5}" class="xlabel">${a.zone}–${b.zone}</text>`
    }),
)

const degrees = NEIGHBOURS.map((n) => n.length)
const mean = degrees.reduce((a, b) => a + b, 0) / degrees.length
const boulevardX = px(BOULEVARD_X) - BOULEVARD
const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">
<title>Downtown board: 24 zones, adjacency by shared edge</title>
<style>
.num { font-weight: bold; text-anchor: middle; fill: #1d1d1d; }
.deg { font-size: 11px; text-anchor: middle; fill: #555; }
.half { font-size: 15px; font-weight: bold; text-anchor: middle; fill: #333; }
.note { font-size: 12px; fill: #333; }
.cross { stroke: #c0392b; stroke-width: 3; }
.xlabel { font-size: 10px; text-anchor: middle; fill: #c0392b; }
</style>
<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>
<text x="${MARGIN + (BOULEVARD_X * PLOT) / 2}" y="${HEADER - 16}" class="half">West: zones 1–12 (left pile)</text>
<text x="${px(BOULEVARD_X) + ((GRID.width - BOULEVARD_X) * PLOT) / 2}" y="${HEADER - 16}" class="half">East: zones 13–24 (right pile)</text>
<rect x="${MARGIN}" y="${HEADER}" width="${BOULEVARD_X * PLOT}" height="${GRID.height * PLOT}" fill="#eeeeee"/>
<rect x="${px(BOULEVARD_X)}" y="${HEADER}" width="${(GRID.width - BOULEVARD_X) * PLOT}" height="${GRID.height * PLOT}" fill="#eeeeee"/>
<rect x="${boulevardX}" y="${HEADER}" width="${BOULEVARD}" height="${GRID.height * PLOT}" fill="#9e9e9e"/>
<text x="${boulevardX + BOULEVARD / 2}" y="${HEADER + (GRID.height * PLOT) / 2}" font-size="11" fill="#fff" text-anchor="middle" transform="rotate(-90 ${boulevardX + BOULEVARD / 2} ${HEADER + (GRID.height * PLOT) / 2})">BOULEVARD</text>
${ZONES.map(zoneSvg).join("\n")}
${crossings.join("\n")}
<rect x="${MARGIN}" y="${height - FOOTER + 18}" width="16" height="16" fill="#d9ecf7" stroke="#2f6f95" stroke-width="2"/>
<text x="${MARGIN + 22}" y="${height - FOOTER + 31}" class="note">square zone (2×2 plots)</text>
<rect x="${MARGIN + 190}" y="${height - FOOTER + 18}" width="16" height="16" fill="#fbe6c2" stroke="#9a6a12" stroke-width="2"/>
<text x="${MARGIN + 212}" y="${height - FOOTER + 31}" class="note">rectangular zone (4×1 or 1×4 plots)</text>
<line x1="${MARGIN + 460}" y1="${height - FOOTER + 26}" x2="${MARGIN + 490}" y2="${height - FOOTER + 26}" class="cross"/>
<text x="${MARGIN + 498}" y="${height - FOOTER + 31}" class="note">neighbours across the boulevard</text>
<text x="${MARGIN}" y="${height - FOOTER + 54}" class="note">"3n" = number of neighbours: zones sharing an edge (diagonal contact does not count).</text>
<text x="${MARGIN}" y="${height - FOOTER + 72}" class="note">Degrees ${Math.min(...degrees)}–${Math.max(...degrees)}, mean ${mean.toFixed(2)}; grid ${GRID.width}×${GRID.height} plots, 4 plots per zone; data: packages/core/src/games/downtown/board.ts.</text>
</svg>
`

const out = fileURLToPath(new URL("../../../docs/downtown-board.svg", import.meta.url))
writeFileSync(out, svg)
console.log(`wrote ${out}`)
