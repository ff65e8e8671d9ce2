/**
 * Bot authors learn a game's view from its JSON Schema (`boroughs describe <game> --json`), so every field of
 * every view, nested ones included, must say what it means.
 */
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { registry } from "../registry.js"

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Adds to `missing` the JSON path of every object property under `node` that has no non-empty description. */
const collectUndescribed = (node: unknown, path: string, missing: string[]): void => {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      collectUndescribed(item, `${path}[${i}]`, missing)
    })
    return
  }
  if (!isObject(node)) return
  if (isObject(node.properties))
    for (const [name, property] of Object.entries(node.properties))
      if (!hasDescription(property)) missing.push(`${path}.properties.${name}`)
  for (const [key, child] of Object.entries(node)) collectUndescribed(child, `${path}.${key}`, missing)
}

const hasDescription = (property: unknown): boolean =>
  isObject(property) && typeof property.description === "string" && property.description.trim() !== ""

describe("view schemas", () => {
  for (const { game } of registry)
    it(`${game.id}: every view field has a description`, () => {
      const doc = Schema.toJsonSchemaDocument(game.schemas.view)
      const missing: string[] = []
      collectUndescribed(doc.schema, "view", missing)
      collectUndescribed(doc.definitions, "$defs", missing)
      expect(missing).toEqual([])
    })
})
