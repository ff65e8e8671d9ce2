import { Schema } from "effect"

/**
 * One event as a viewer receives it (core's `ViewedEnvelope`): the stored envelope, or its redacted form
 * when the event holds another seat's secret. The hash is always the full event's, so the chain can be
 * checked by everyone once the game has ended.
 */
export const ViewedEnvelope = Schema.Struct({
  streamId: Schema.String,
  version: Schema.Int,
  eventId: Schema.String,
  type: Schema.String,
  schemaVersion: Schema.Int,
  data: Schema.Record(Schema.String, Schema.Unknown),
  metadata: Schema.Record(Schema.String, Schema.Unknown),
  prevHash: Schema.String,
  hash: Schema.String,
  redacted: Schema.Boolean,
}).annotate({ identifier: "ViewedEnvelope" })
export type ViewedEnvelope = typeof ViewedEnvelope.Type

/** Who a response was computed for. */
export const Viewer = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("seat"), seat: Schema.Int }),
  Schema.Struct({ kind: Schema.Literal("spectator") }),
  Schema.Struct({ kind: Schema.Literal("organiser") }),
]).annotate({ identifier: "Viewer" })
export type Viewer = typeof Viewer.Type
