import type { EventStore } from "@boroughs/store"
import { memoryStoreLayer } from "@boroughs/store"
import type { Layer } from "effect"

/**
 * An EventStore in memory with the real hash chain and event ids: what the engine pays per command once
 * I/O is taken away (the store's own `memoryStoreLayer`).
 */
export const memoryStore = (): Layer.Layer<EventStore> => memoryStoreLayer()
