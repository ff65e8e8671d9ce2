export * from "./EventStore.js"
export { EVENT_ID_NAMESPACE, eventIdFor } from "./eventIds.js"
export { isUnreachable } from "./internal/dbErrors.js"
export {
  cannotMigrateMessage,
  isPermissionDenied,
  type SchemaStatus,
  schemaStatusOf,
} from "./internal/migrate.js"
export { memoryStoreLayer } from "./memory.js"
export { migrations } from "./migrations/index.js"
export { comparePositions } from "./positions.js"
export { grantRuntimeRole, storeRuntimePrivileges } from "./privileges.js"
export type { Database, EsCheckpointsTable, EsEventsTable, EsStreamsTable } from "./schema.js"
