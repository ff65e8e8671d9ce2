/*
 * Fitting board text into a fixed shape without cutting it: a deterministic width estimate, balanced
 * wrapping into a few lines, and a font scale that shrinks until everything fits. Server-rendered SVG cannot
 * measure text, so the estimate is made wide on purpose (see ADVANCE).
 */

/**
 * Advance widths in hundredths of an em, regular and bold, of DejaVu Sans: what `system-ui` is on Debian
 * (measured with getComputedTextLength in Chromium). It is among the widest UI sans faces, so text that fits
 * by it also fits in Segoe UI, San Francisco, Roboto or Arial. Characters not listed count as a full em.
 */
const ADVANCE: Readonly<Record<string, readonly [number, number]>> = {
  " ": [32, 35],
  "!": [40, 46],
  '"': [46, 52],
  "#": [84, 84],
  $: [64, 70],
  "%": [95, 100],
  "&": [78, 87],
  "'": [27, 31],
  "(": [39, 46],
  ")": [39, 46],
  "*": [50, 52],
  "+": [84, 84],
  ",": [32, 38],
  "-": [36, 42],
  ".": [32, 38],
  "/": [34, 37],
  ":": [34, 40],
  ";": [34, 40],
  "<": [84, 84],
  "=": [84, 84],
  ">": [84, 84],
  "?": [53, 58],
  "@": [100, 100],
  A: [71, 77],
  B: [69, 76],
  C: [70, 73],
  D: [77, 83],
  E: [63, 68],
  F: [58, 68],
  G: [77, 82],
  H: [75, 84],
  I: [29, 37],
  J: [29, 37],
  K: [66, 77],
  L: [56, 64],
  M: [86, 100],
  N: [75, 84],
  O: [79, 85],
  P: [60, 73],
  Q: [79, 85],
  R: [69, 77],
  S: [63, 68],
  T: [60, 70],
  U: [73, 81],
  V: [68, 77],
  W: [99, 110],
  X: [69, 77],
  Y: [61, 72],
  Z: [69, 73],
  "[": [39, 46],
  "\\": [34, 37],
  "]": [39, 46],
  "^": [84, 84],
  _: [50, 50],
  "`": [50, 50],
  a: [61, 67],
  b: [63, 72],
  c: [55, 59],
  d: [63, 72],
  e: [62, 68],
  f: [34, 41],
  g: [63, 72],
  h: [63, 71],
  i: [28, 34],
  j: [28, 34],
  k: [58, 67],
  l: [28, 34],
  m: [97, 104],
  n: [63, 71],
  o: [61, 69],
  p: [63, 72],
  q: [63, 72],
  r: [40, 49],
  s: [52, 60],
  t: [39, 48],
  u: [63, 71],
  v: [59, 65],
  w: [82, 92],
  x: [59, 65],
  y: [59, 65],
  z: [52, 58],
  "{": [64, 71],
  "|": [34, 37],
  "}": [64, 71],
  "~": [84, 84],
  "·": [32, 38],
  "★": [90, 90],
  "×": [84, 84],
  "−": [84, 84],
  "’": [32, 38],
  "–": [50, 50],
  "—": [100, 100],
}
for (let d = 0; d <= 9; d++) (ADVANCE as Record<string, readonly [number, number]>)[String(d)] = [64, 70]

/** The estimated width of `text` at `size` (SVG units), never narrower than DejaVu Sans draws it. */
export const textWidth = (text: string, size: number, bold = false): number => {
  let hundredths = 0
  for (const ch of text) hundredths += ADVANCE[ch]?.[bold ? 1 : 0] ?? 100
  return (hundredths / 100) * size
}

/** One run of text to fit: its pieces, what joins two pieces on one line, and its style. */
export interface TextBlock {
  /** Pieces a line may break between (words of a name, parts of a list); a piece never breaks itself. */
  readonly pieces: ReadonlyArray<string>
  /** What joins two pieces on one line (" " for words, " · " for a list). */
  readonly joiner: string
  /** The font size at full scale. */
  readonly size: number
  readonly bold?: boolean
  readonly maxLines: number
}

/** A block as drawn: its lines (all of its text, in order), its font size, and its top in the box. */
export interface FittedBlock {
  readonly lines: ReadonlyArray<string>
  readonly size: number
  readonly top: number
}

/**
 * Splits pieces into at most `maxLines` lines whose widest line is as narrow as possible (so two lines come
 * out balanced rather than one long and one short). Pieces are few (a name's words), so every split is tried.
 */
export const balancedLines = (
  pieces: ReadonlyArray<string>,
  joiner: string,
  maxLines: number,
  width: (line: string) => number,
): string[][] => {
  const options: string[][] = []
  const split = (from: number, left: number, acc: string[]) => {
    if (from === pieces.length) {
      options.push(acc)
      return
    }
    if (left === 0) return
    for (let to = from + 1; to <= pieces.length; to++)
      split(to, left - 1, [...acc, pieces.slice(from, to).join(joiner)])
  }
  split(0, Math.max(1, maxLines), [])
  // Fewest lines first among equally narrow splits: lines are the scarcer resource.
  return options.sort((a, b) => Math.max(...a.map(width)) - Math.max(...b.map(width)) || a.length - b.length)
}

/** Line height as a multiple of the font size. */
export const LEADING = 1.2

/**
 * Lays blocks out top to bottom in a box, as large as they fit: every line no wider than the box is at its
 * height (`widthAt(top, bottom)` of the line's extent, from the box's top), all lines within `height`. At
 * each size a block takes as few lines as fit. A block too wide shrinks alone (a long name need not shrink
 * the lines under it), in steps of 5%; when only the height overflows, all shrink. No block is drawn larger
 * than the first (the title). With `middle` the lines are centred in the box when they fit there (`offset`
 * says how far down they start). Below `minScale` the smallest layout is returned with `squeeze` set: the
 * renderer then compresses the overlong lines to the width (SVG textLength), smaller but never cut.
 */
export const fitBlocks = (
  blocks: ReadonlyArray<TextBlock>,
  box: {
    readonly height: number
    readonly widthAt: (top: number, bottom: number) => number
    readonly middle?: boolean
  },
  minScale = 0.7,
): {
  readonly blocks: ReadonlyArray<FittedBlock>
  readonly height: number
  readonly offset: number
  readonly squeeze: boolean
} => {
  const layout = (steps: ReadonlyArray<number>, offset: number) => {
    let y = 0
    const over: number[] = []
    const out: FittedBlock[] = []
    blocks.forEach((block, b) => {
      const own = Math.round(block.size * (1 - (steps[b] ?? 0) * 0.05) * 10) / 10
      const size = b === 0 ? own : Math.min(own, out[0]?.size ?? own)
      const lineH = size * LEADING
      const width = (line: string) => textWidth(line, size, block.bold)
      const splits = balancedLines(block.pieces, block.joiner, block.maxLines, width)
      const room = (i: number) => box.widthAt(offset + y + i * lineH, offset + y + (i + 1) * lineH)
      // The fewest lines that fit beside the box's edges here; else the narrowest split.
      const fitting = splits
        .filter((lines) => lines.every((line, i) => width(line) <= room(i)))
        .sort((a, b) => a.length - b.length)[0]
      const lines = fitting ?? splits[0] ?? []
      if (!fitting) over.push(b)
      out.push({ lines, size, top: offset + y })
      y += lines.length * lineH
    })
    return { blocks: out, height: y, offset, squeeze: false, over, tall: offset + y > box.height + 0.01 }
  }
  const placed = (steps: ReadonlyArray<number>) => {
    const top = layout(steps, 0)
    if (!box.middle || top.tall) return top
    const centred = layout(steps, Math.max(0, (box.height - top.height) / 2))
    const ok = (l: typeof top) => l.over.length === 0 && !l.tall
    return ok(centred) && centred.height === top.height ? centred : ok(top) ? top : centred
  }
  const maxSteps = Math.floor((1 - minScale) / 0.05 + 1e-9)
  const steps = blocks.map(() => 0)
  for (;;) {
    const { over, tall, ...tried } = placed(steps)
    if (over.length === 0 && !tall) return tried
    const shrink = over.length > 0 ? over : blocks.map((_, b) => b)
    if (shrink.some((b) => (steps[b] ?? 0) >= maxSteps)) break
    for (const b of shrink) steps[b] = (steps[b] ?? 0) + 1
  }
  const {
    over: _,
    tall: __,
    ...smallest
  } = layout(
    steps.map((s) => Math.min(s, maxSteps)),
    0,
  )
  return { ...smallest, squeeze: true }
}
