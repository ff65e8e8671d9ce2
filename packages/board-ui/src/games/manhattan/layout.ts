import { SIZE } from "./geometry.js"

/** One board square, the margin, the header and the whole board, in SVG units. */
export const S = 64
export const M = 12
export const HEADER = 40
export const WIDTH = M * 2 + SIZE * S
export const HEIGHT = HEADER + SIZE * S + M
