/**
 * Seat colours: the Okabe–Ito palette (designed to stay distinct under the common colour-vision deficiencies),
 * each with a shape and a letter so colour is never the only cue. `ink` is the text colour drawn on `fill`,
 * chosen for a WCAG contrast ratio of at least 4.5:1 (checked by palette.test.ts).
 */
export interface SeatColour {
  readonly name: string
  readonly fill: string
  /** Text on `fill`. */
  readonly ink: string
  /** A darker shade of the colour, readable as text on white (≥ 4.5:1). */
  readonly text: string
  readonly shape: SeatShape
}

export type SeatShape = "circle" | "square" | "triangle" | "diamond" | "hexagon" | "star"

/** Six seats at most in any Boroughs game. */
export const seatColours: ReadonlyArray<SeatColour> = [
  { name: "blue", fill: "#0072B2", ink: "#FFFFFF", text: "#005A8C", shape: "circle" },
  { name: "vermilion", fill: "#D55E00", ink: "#000000", text: "#A84A00", shape: "square" },
  { name: "green", fill: "#009E73", ink: "#000000", text: "#00704F", shape: "triangle" },
  { name: "purple", fill: "#CC79A7", ink: "#000000", text: "#9A3F72", shape: "diamond" },
  { name: "orange", fill: "#E69F00", ink: "#000000", text: "#8A5F00", shape: "hexagon" },
  { name: "sky", fill: "#56B4E9", ink: "#000000", text: "#1F6B96", shape: "star" },
]

/** The colour of a seat (wraps around past six, which no game allows). */
export const seatColour = (seat: number): SeatColour =>
  seatColours[((seat % seatColours.length) + seatColours.length) % seatColours.length] as SeatColour

/** Neutral inks and surfaces shared by every renderer. */
export const ui = {
  ink: "#1B1F24",
  muted: "#4A5563",
  line: "#8A94A3",
  surface: "#FFFFFF",
  panel: "#F3F5F8",
  ground: "#E6E9EE",
  focus: "#1A56DB",
  highlight: "#B5179E",
  /** A legal choice's ring: solid, where the last move's (`highlight`) is dashed. */
  choice: "#0B7A75",
  /** The tint behind a picked choice in HTML panels. */
  choiceTint: "#E3F4F2",
} as const

const channel = (c: number): number => {
  const s = c / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of a #RRGGBB colour. */
export const luminance = (hex: string): number => {
  const n = Number.parseInt(hex.slice(1), 16)
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
}

/** WCAG contrast ratio between two #RRGGBB colours (1 to 21). */
export const contrastRatio = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
