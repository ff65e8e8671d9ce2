import { Schema } from "effect"
import { GameId, Version } from "./Ids.js"

/** One thing the audit found wrong, at the first version it shows. */
export const AuditProblem = Schema.Struct({
  version: Schema.Int,
  kind: Schema.String,
  message: Schema.String,
}).annotate({ identifier: "AuditProblem" })

/**
 * `GET /api/games/:gameId/audit`: what anyone may check of a game now (docs/api.md, "Audit"). The hash
 * chain up to the version the caller may see; the seed's commitment, and once the game has ended whether
 * the revealed seed matches it; and, once ended, the whole game re-executed from its recorded commands
 * (engine's `verifyStream`).
 */
export const AuditReport = Schema.Struct({
  gameId: GameId,
  game: Schema.String,
  status: Schema.Literals(["live", "ended"]),
  /** The last version checked: the caller's visible version. */
  version: Version,
  chain: Schema.Struct({
    ok: Schema.Boolean,
    /** The hash of the last version checked. */
    head: Schema.NullOr(Schema.String),
  }),
  seed: Schema.Struct({
    /** SHA-256 commitment published in GameStarted. */
    commitment: Schema.String,
    /** The seed itself, once GameEnded revealed it. */
    revealed: Schema.NullOr(Schema.String),
    /** Whether the revealed seed hashes to the commitment (null until revealed). */
    matches: Schema.NullOr(Schema.Boolean),
  }),
  replay: Schema.Struct({
    /** Re-execution runs once the game has ended (before, the secrets it needs are hidden). */
    checked: Schema.Boolean,
    ok: Schema.NullOr(Schema.Boolean),
    commandsReplayed: Schema.Int,
    commitmentsChecked: Schema.Int,
  }),
  /** Empty when everything checked out; the first is the first bad event. */
  problems: Schema.Array(AuditProblem),
}).annotate({ identifier: "AuditReport" })
export type AuditReport = typeof AuditReport.Type
