import { describe, layer } from "@effect/vitest"
import { eventStoreContract } from "./EventStore.contract.js"
import { EventStore } from "./EventStore.js"
import { withFreshPostgres } from "./testing/index.js"

const serverUrl = process.env.DATABASE_URL

describe.runIf(serverUrl)("EventStore on PostgreSQL", () => {
  layer(withFreshPostgres(serverUrl!, { pollInterval: "1 hour" }), {
    excludeTestServices: true,
    timeout: "60 seconds",
  })((it) => {
    eventStoreContract(it, {
      concurrentTransactions: true,
      unreachable: {
        layer: EventStore.layerPostgres({ url: "postgres://boroughs:s3cret@127.0.0.1:1/nowhere" }),
        names: "postgres://boroughs@127.0.0.1:1/nowhere",
        secret: "s3cret",
      },
    })
  })
})
