import type { Migration } from "kysely"
import * as eventStore from "./0001_event_store.js"
import * as streamsWithoutHead from "./0002_streams_without_head.js"

/** The store's migrations, in order; names sort the way they must run. */
export const migrations: Readonly<Record<string, Migration>> = {
  "0001_event_store": eventStore,
  "0002_streams_without_head": streamsWithoutHead,
}
