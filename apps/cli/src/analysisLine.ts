import { canonicalJson } from "@boroughs/core"
import type { AnalysisReady } from "@boroughs/protocol"

/**
 * `export --analysis` appends the game's analysis as one last line, `{"analysis": <AnalysisReady>}`, after
 * the envelopes (docs/export-format.md). The envelopes' lines stay byte for byte what a plain export writes,
 * so a reader that knows nothing of analyses only has to drop that line.
 */
export const analysisLine = (analysis: AnalysisReady): string => `${canonicalJson({ analysis })}\n`

/**
 * An export's text split into its envelopes' lines and the analysis of its last line, when it has one (the
 * value as found: the caller decodes it). Only a last line whose one key is `analysis` counts, so a file
 * without one is returned whole and a malformed envelope is still reported where it is.
 */
export const splitAnalysisLine = (text: string): { readonly events: string; readonly analysis: unknown } => {
  const trimmed = text.trimEnd()
  const start = trimmed.lastIndexOf("\n") + 1
  const last = trimmed.slice(start).trim()
  if (!last.startsWith("{")) return { events: text, analysis: undefined }
  let value: unknown
  try {
    value = JSON.parse(last)
  } catch {
    return { events: text, analysis: undefined }
  }
  const keys = typeof value === "object" && value !== null ? Object.keys(value) : []
  if (keys.length !== 1 || keys[0] !== "analysis") return { events: text, analysis: undefined }
  return { events: trimmed.slice(0, start), analysis: (value as { analysis: unknown }).analysis }
}
