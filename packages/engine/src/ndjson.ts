import { canonicalJson, type EventEnvelope } from "@boroughs/core"
import { Data } from "effect"

/** One envelope as an NDJSON export line: canonical JSON, so the same stream exports byte for byte alike. */
export const toNdjsonLine = (e: EventEnvelope): string =>
  canonicalJson({
    streamId: e.streamId,
    version: e.version,
    eventId: e.eventId,
    type: e.type,
    schemaVersion: e.schemaVersion,
    data: e.data,
    metadata: e.metadata,
    prevHash: e.prevHash,
    hash: e.hash,
  })

/** A line of an NDJSON export that is not an envelope. */
export class MalformedExport extends Data.TaggedError("MalformedExport")<{
  readonly line: number
  readonly reason: string
}> {
  override get message() {
    return `line ${this.line}: ${this.reason}`
  }
}

const fields: ReadonlyArray<[keyof EventEnvelope, string]> = [
  ["streamId", "string"],
  ["version", "number"],
  ["eventId", "string"],
  ["type", "string"],
  ["schemaVersion", "number"],
  ["data", "object"],
  ["metadata", "object"],
  ["prevHash", "string"],
  ["hash", "string"],
]

/** Parses an NDJSON export (docs/export-format.md); the first bad line is named with its reason. */
export const parseNdjson = (text: string): EventEnvelope[] | MalformedExport => {
  const out: EventEnvelope[] = []
  const lines = text.split("\n")
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] as string).trim()
    if (raw === "") continue
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch (e) {
      return new MalformedExport({ line: i + 1, reason: `not JSON (${(e as Error).message})` })
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return new MalformedExport({ line: i + 1, reason: "not a JSON object" })
    for (const [key, kind] of fields) {
      const v = (value as Record<string, unknown>)[key]
      if (typeof v !== kind || v === null)
        return new MalformedExport({ line: i + 1, reason: `field "${key}" must be a ${kind}` })
    }
    out.push(value as EventEnvelope)
  }
  if (out.length === 0) return new MalformedExport({ line: 1, reason: "the file holds no events" })
  return out
}
