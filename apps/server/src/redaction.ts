import {
  type AnyGame,
  type EventEnvelope,
  redactEnvelope,
  type ViewedEnvelope,
  type Viewer,
} from "@boroughs/core"
import { viewerKey } from "./viewers.js"

/** The game an envelope belongs to and whether it has ended (then everything is public). */
export interface RedactionContext {
  readonly game: AnyGame
  readonly ended: boolean
}

/** Serialised redactions per envelope and viewer: a thousand spectators cost one redaction and one JSON. */
const cache = new WeakMap<EventEnvelope, Map<string, string>>()

/**
 * What a viewer may see of an envelope, through core's one redaction function, as JSON. Every event the
 * server sends (responses and streams alike) goes through here or `redacted`.
 */
export const redactedJson = (ctx: RedactionContext, envelope: EventEnvelope, viewer: Viewer): string => {
  const key = `${viewerKey(viewer)}|${ctx.ended}`
  let perViewer = cache.get(envelope)
  if (perViewer === undefined) {
    perViewer = new Map()
    cache.set(envelope, perViewer)
  }
  let json = perViewer.get(key)
  if (json === undefined) {
    json = JSON.stringify(redactEnvelope(ctx.game, envelope, viewer, ctx.ended))
    perViewer.set(key, json)
  }
  return json
}

/** The envelopes a viewer may see, redacted, as values. */
export const redacted = (
  ctx: RedactionContext,
  envelopes: ReadonlyArray<EventEnvelope>,
  viewer: Viewer,
): ViewedEnvelope[] => envelopes.map((e) => redactEnvelope(ctx.game, e, viewer, ctx.ended))

/** The redaction context of a folded match. */
export const contextOf = (m: { readonly game: AnyGame; readonly ended: unknown }): RedactionContext => ({
  game: m.game,
  ended: m.ended !== null,
})
