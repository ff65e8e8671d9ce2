import { parse, v5 } from "uuid"

/** The project's UUIDv5 namespace for event ids: v5("https://boroughs.dev/ns/event-id", v5.URL). */
export const EVENT_ID_NAMESPACE = "57caed26-cdd1-5512-98f6-d26b6ef0b5f2"

/**
 * The id of the `index`-th event (0-based) a command causes: UUIDv5 of `<commandId>:<index>`. The same command
 * always yields the same ids, so a retried append hits the unique index instead of storing twice.
 */
export const eventIdFor = (commandId: string, index: number): string =>
  v5(`${commandId}:${index}`, NAMESPACE_BYTES)

// Parsed once: v5 would parse a string namespace on every call.
const NAMESPACE_BYTES = parse(EVENT_ID_NAMESPACE)
