export * from "./EventStore.js"
export { EVENT_ID_NAMESPACE, eventIdFor } from "./eventIds.js"
export { migrations } from "./migrations/index.js"
export type { Database, EsCheckpointsTable, EsEventsTable, EsStreamsTable } from "./schema.js"
