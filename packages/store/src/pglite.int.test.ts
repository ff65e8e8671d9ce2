import { layer } from "@effect/vitest"
import { eventStoreContract } from "./EventStore.contract.js"
import { EventStore } from "./EventStore.js"
import { freshPglite } from "./testing/index.js"

layer(freshPglite({ pollInterval: "1 hour" }), { excludeTestServices: true, timeout: "120 seconds" })(
  "EventStore on PGlite",
  (it) => {
    eventStoreContract(it, {
      concurrentTransactions: false,
      unreachable: {
        layer: EventStore.layerPglite({ dataDir: "/dev/null/boroughs" }),
        names: "/dev/null/boroughs",
      },
    })
  },
)
