// The engine's public API: what the server and the CLI use. Its own machinery lives in ./internal/.

// The pure tournament rules the engine's callers read its tournaments with.
export {
  type Format,
  ratingsOf,
  type Standing,
  standingsOf,
  type TournamentState,
  type TrailEntry,
} from "@boroughs/tournament"
export { AccessLog, type OrganiserView } from "./AccessLog.js"
export { Analyses, type AnalysisState, makeAnalyses, RETRY_FAILED_AFTER_MS } from "./Analyses.js"
export { analysisProjection, analysisProjectionId, isAnalysable } from "./AnalysisProjection.js"
export { type AnalysisRunnerOptions, runAnalyses } from "./AnalysisRunner.js"
export { runAutomaticSeats } from "./AutomaticSeats.js"
export { analysisFromEnv, MAX_ANALYSIS_ROLLOUTS } from "./analysis/settingsFromEnv.js"
export { runBackground } from "./Background.js"
export { clockCommandId, runClocks } from "./ClockRunner.js"
export {
  type DisplayNameEvent,
  DisplayNames,
  foldDisplayNames,
  makeDisplayNames,
  type RegisteredName,
  seatNamesWith,
} from "./DisplayNames.js"
export { type AppendFacts, deadlineOf, nextDecisions, type OwedDecision } from "./decisionClock.js"
export { CommandRejected, ContentionExhausted, GameExists, GameNotFound, UnknownGame } from "./errors.js"
export {
  type CreateGame,
  GameEngine,
  type HandleCommand,
  type Handled,
  type LoadedGame,
  type OrganiserActInput,
} from "./GameEngine.js"
export {
  defaultSettings,
  type GameSettings,
  namesAfter,
  playersAfter,
  type SpectatorPolicy,
  seatsHeldBy,
  settingsOf,
} from "./GameSettings.js"
export {
  HouseBotFailed,
  type HouseTurn,
  houseBotKey,
  houseTurnOf,
  type SearchingBot,
} from "./houseBots/SearchingBot.js"
export type { LiveBatch, LiveBus, LiveEvent } from "./internal/LiveBus.js"
export type { Projection } from "./internal/Projection.js"
export { BACKGROUND_LOCK, whileLeader, withBackgroundLock } from "./Leadership.js"
export { type LiveGameListener, LiveGames } from "./LiveGames.js"
export { LiveTail } from "./LiveTail.js"
export { cursorOf, type GameSummary, isCursor, Lobby, type LobbyQuery, listGames } from "./Lobby.js"
export { lobbyProjection, pendingSeats } from "./LobbyProjection.js"
export {
  Ladder,
  type LadderGame,
  LadderRejected,
  type LadderSettings,
  type LadderStanding,
  type LadderSummary,
  makeLadder,
  type StartRatedGame,
} from "./ladder/Ladder.js"
export { ladderProjection } from "./ladder/LadderProjection.js"
export { LADDER_LOCK, runLadder } from "./ladder/runLadder.js"
export { foldLive, type LiveGame, liveFromStream, startLive } from "./liveFold.js"
export {
  migrateServer,
  SERVER_MIGRATION_LOCK_TABLE,
  SERVER_MIGRATION_TABLE,
  type ServerMigration,
  serverMigrations,
} from "./migrateServer.js"
export { MalformedExport, parseNdjson, toNdjsonLine } from "./ndjson.js"
export {
  controlAfter,
  ORGANISER_COMMANDS,
  type OrganiserAction,
  organiserEventFor,
  type SeatControl,
  seatControlOf,
} from "./organiser.js"
export { makeProjectionRunner } from "./ProjectionRunner.js"
export { Projections, serverProjections } from "./Projections.js"
export { grantServerRole, serverRuntimePrivileges } from "./runtimePrivileges.js"
export { makeSnapshots, Snapshots, VersionNotReached } from "./Snapshots.js"
export { StaleVersion } from "./StaleVersion.js"
export * as Streams from "./Streams.js"
export {
  isoOf,
  jsonOf,
  type ServerDb,
  type ServerTables,
  type StoreDb,
  withServerTables,
} from "./serverTables.js"
export {
  holderOf,
  type IssuedToken,
  makeTokens,
  newSeatName,
  type Principal,
  TOKEN_NAME,
  type TokenInfo,
  type TokenKind,
  TokenRejected,
  Tokens,
  tokenHash,
} from "./Tokens.js"
export {
  type AuditProblem,
  auditTournament,
  formatTournamentAudit,
  type RoundAudit,
  type TournamentAuditReport,
} from "./tournament/audit.js"
export { TournamentExists, TournamentNotFound, TournamentRejected } from "./tournament/errors.js"
export { runTournamentScheduler, TOURNAMENT_LOCK } from "./tournament/scheduler.js"
export {
  DEFAULT_SIGNING_KEY,
  keyIdOf,
  loadSigner,
  newSigningKeyPem,
  type RoundSigner,
  signerFromPem,
  verifySignature,
} from "./tournament/signing.js"
export {
  listTournamentRows,
  type TournamentRow,
  tournamentProjection,
} from "./tournament/TournamentProjection.js"
export {
  makeTournaments,
  type Step,
  type TournamentAction,
  type TournamentDeps,
  type TournamentGame,
  Tournaments,
  tournamentExport,
  tournamentsFrom,
} from "./tournament/Tournaments.js"
export { type Problem, type VerifyReport, verifyStream } from "./verify.js"
