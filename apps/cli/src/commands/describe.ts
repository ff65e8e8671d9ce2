import { seatRange } from "@boroughs/core"
import { Schema } from "effect"
import { requireGame } from "../games.js"

/** A standalone JSON Schema (draft 2020-12) document, as any validator in any language reads it. */
const jsonSchema = (schema: Schema.Top): Record<string, unknown> => {
  const doc = Schema.toJsonSchemaDocument(schema)
  const defs = doc.definitions as Record<string, unknown>
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    ...(doc.schema as Record<string, unknown>),
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  }
}

/** The machine-readable catalogue of a game: static data, seats, options and JSON Schemas. */
export const describeGame = (id: string) => {
  const { game, bots } = requireGame(id)
  return {
    id: game.id,
    title: game.title,
    rulesVersion: game.rulesVersion,
    // The counts a game with the default options accepts (Downtown's standard game is 3–6, its variant 2).
    seats: seatRange(game) ?? game.seats,
    defaultOptions: game.defaultOptions,
    bots: Object.keys(bots),
    catalogue: game.catalogue(game.defaultOptions),
    schemas: {
      options: jsonSchema(game.schemas.options),
      command: jsonSchema(game.schemas.command),
      event: jsonSchema(game.schemas.event),
      view: jsonSchema(game.schemas.view),
    },
  }
}

/** The same catalogue in words, for a person. */
export const formatDescription = (d: ReturnType<typeof describeGame>): string => {
  const commandTypes = schemaTypes(d.schemas.command)
  const eventTypes = schemaTypes(d.schemas.event)
  return [
    `${d.title} (${d.id}, rules v${d.rulesVersion})`,
    `  players: ${d.seats.min}–${d.seats.max}`,
    `  default options: ${JSON.stringify(d.defaultOptions)}`,
    `  bots: ${d.bots.join(", ")}`,
    `  catalogue: ${Object.keys(d.catalogue).join(", ")}`,
    `  commands: ${commandTypes.join(", ")}`,
    `  events: ${eventTypes.join(", ")}`,
    "  (--json prints everything, with the JSON Schemas)",
  ].join("\n")
}

/** The `type` constants a JSON Schema document's union admits. */
const schemaTypes = (doc: unknown): string[] => {
  const found = new Set<string>()
  const walk = (node: unknown): void => {
    if (!node || typeof node !== "object") return
    const type = (node as { properties?: { type?: { const?: unknown; enum?: unknown[] } } }).properties?.type
    if (typeof type?.const === "string") found.add(type.const)
    if (type?.enum?.length === 1) found.add(String(type.enum[0]))
    for (const child of Object.values(node)) walk(child)
  }
  walk(doc)
  return [...found].sort()
}
