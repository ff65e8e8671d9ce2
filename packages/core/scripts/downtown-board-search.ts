/**
 * How the Downtown board (src/games/downtown/board.ts) was found. Enumerates every tiling of one half by 6
 * squares (2×2 plots) and 6 rectangles (4×1 or 1×4), for half shapes 8×6, 6×8, 4×12 and 12×4 plots; joins two
 * halves across the boulevard (zones facing each other are adjacent) and keeps the boards whose zones all
 * have 3 or 4 neighbours with mean exactly 3.5 (12 of each), because a zone's payout grows with its number
 * of neighbours and the balance target is ±15 % per zone. Then numbers the chosen board: odd and even
 * numbers alternate as much as possible, each half getting 3 odd and 3 even zones of each shape and of each
 * degree, numbers running roughly west to east. Run: npx tsx scripts/downtown-board-search.ts
 */

interface Rect {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

const SHAPES: ReadonlyArray<readonly [number, number]> = [
  [2, 2],
  [4, 1],
  [1, 4],
]

/** Every tiling of a w×h rectangle by 6 squares and 6 rectangles, zones in reading order of their corner. */
const tilings = (width: number, height: number): Rect[][] => {
  const grid = new Uint8Array(width * height)
  const out: Rect[][] = []
  const current: Rect[] = []
  const fits = (x: number, y: number, w: number, h: number): boolean => {
    if (x + w > width || y + h > height) return false
    for (let dy = 0; dy < h; dy++)
      for (let dx = 0; dx < w; dx++) if (grid[(y + dy) * width + x + dx]) return false
    return true
  }
  const mark = (x: number, y: number, w: number, h: number, value: number) => {
    for (let dy = 0; dy < h; dy++) for (let dx = 0; dx < w; dx++) grid[(y + dy) * width + x + dx] = value
  }
  const place = (squares: number, bars: number) => {
    const free = grid.indexOf(0)
    if (free < 0) {
      if (squares === 6 && bars === 6) out.push(current.slice())
      return
    }
    const x = free % width
    const y = Math.floor(free / width)
    for (const [w, h] of SHAPES) {
      const square = w === h
      if ((square && squares === 6) || (!square && bars === 6) || !fits(x, y, w, h)) continue
      mark(x, y, w, h, 1)
      current.push({ x, y, w, h })
      place(squares + (square ? 1 : 0), bars + (square ? 0 : 1))
      current.pop()
      mark(x, y, w, h, 0)
    }
  }
  place(0, 0)
  return out
}

const overlap = (a0: number, a1: number, b0: number, b1: number): number =>
  Math.max(0, Math.min(a1, b1) - Math.max(a0, b0))
const shared = (a: Rect, b: Rect): number => {
  if (a.x + a.w === b.x || b.x + b.w === a.x) return overlap(a.y, a.y + a.h, b.y, b.y + b.h)
  if (a.y + a.h === b.y || b.y + b.h === a.y) return overlap(a.x, a.x + a.w, b.x, b.x + b.w)
  return 0
}
const degrees = (zones: ReadonlyArray<Rect>): number[] =>
  zones.map((a, i) => zones.filter((b, j) => i !== j && shared(a, b) > 0).length)

interface Board {
  readonly size: string
  readonly zones: Rect[]
  readonly degree: number[]
  readonly crossings: number
}

const boards: Board[] = []
for (const [w, h] of [
  [8, 6],
  [6, 8],
  [4, 12],
  [12, 4],
] as const) {
  const halves = tilings(w, h)
  let kept = 0
  for (const west of halves)
    for (const east of halves) {
      const zones = [...west, ...east.map((r) => ({ ...r, x: r.x + w }))]
      const degree = degrees(zones)
      if (degree.some((d) => d < 3 || d > 4) || degree.filter((d) => d === 3).length !== 12) continue
      const crossings = west.reduce(
        (k, a) => k + east.filter((b) => shared(a, { ...b, x: b.x + w }) > 0).length,
        0,
      )
      boards.push({ size: `${w}×${h}`, zones, degree, crossings })
      kept++
    }
  console.log(`halves ${w}×${h}: ${halves.length} tilings, ${kept} boards with twelve 3s and twelve 4s`)
}

// Prefer boards whose 3-neighbour zones split evenly between the halves and between the shapes.
const even = (b: Board) =>
  b.degree.slice(0, 12).filter((d) => d === 3).length === 6 &&
  b.zones.filter((z, i) => z.w === z.h && b.degree[i] === 3).length === 6
const chosen = boards.filter(even).sort((a, b) => b.crossings - a.crossings)[0]
if (!chosen) throw new Error("no board fits")
console.log(`${boards.filter(even).length} boards split their 3s evenly; chosen: ${chosen.size} halves`)

// Numbering: choose the odd zones of each half (3 of each shape, 3 of each degree) that maximise the
// neighbour pairs joining an odd and an even number; then number west to east within each parity.
const order = (half: number) =>
  Array.from({ length: 12 }, (_, i) => i + 12 * half).sort(
    (a, b) =>
      (chosen.zones[a] as Rect).x - (chosen.zones[b] as Rect).x ||
      (chosen.zones[a] as Rect).y - (chosen.zones[b] as Rect).y,
  )
const subsets = (items: number[], k: number): number[][] =>
  k === 0 ? [[]] : items.flatMap((x, i) => subsets(items.slice(i + 1), k - 1).map((rest) => [x, ...rest]))
const square = (i: number) => (chosen.zones[i] as Rect).w === (chosen.zones[i] as Rect).h
const balanced = (odd: number[]) =>
  odd.filter(square).length === 3 && odd.filter((i) => chosen.degree[i] === 3).length === 3
const edges: Array<[number, number]> = []
for (let i = 0; i < chosen.zones.length; i++)
  for (let j = i + 1; j < chosen.zones.length; j++)
    if (shared(chosen.zones[i] as Rect, chosen.zones[j] as Rect) > 0) edges.push([i, j])
let best: { mixed: number; odd: Set<number> } = { mixed: -1, odd: new Set() }
for (const west of subsets(order(0), 6).filter(balanced))
  for (const east of subsets(order(1), 6).filter(balanced)) {
    const odd = new Set([...west, ...east])
    const mixed = edges.filter(([i, j]) => odd.has(i) !== odd.has(j)).length
    if (mixed > best.mixed) best = { mixed, odd }
  }
const number = new Map<number, number>()
for (const half of [0, 1]) {
  let odd = 1 + 12 * half
  let even = 2 + 12 * half
  for (const i of order(half))
    if (best.odd.has(i)) {
      number.set(i, odd)
      odd += 2
    } else {
      number.set(i, even)
      even += 2
    }
}
console.log(`numbering: ${best.mixed} of ${edges.length} neighbour pairs join an odd and an even number`)
const byNumber = [...number.entries()].sort((a, b) => a[1] - b[1])
for (const [i, n] of byNumber) {
  const z = chosen.zones[i] as Rect
  const x = n > 12 ? z.x - Number(chosen.size.split("×")[0]) : z.x
  console.log(
    `zone ${n}: [${x}, ${z.y}, ${z.w}, ${z.h}] ${square(i) ? "square" : "rectangle"}, ${chosen.degree[i]} neighbours`,
  )
}
