import { appendCases } from "./contract/appends.js"
import { concurrencyCases } from "./contract/concurrency.js"
import { globalReadCases } from "./contract/globalReads.js"
import type { ContractIt } from "./contract/helpers.js"
import { idempotencyCases } from "./contract/idempotency.js"
import { integrityCases } from "./contract/integrity.js"
import { operationCases, type UnreachableCase } from "./contract/operations.js"

export interface ContractOptions {
  /** False on PGlite: one connection, so no transaction can be held open while another commits. */
  readonly concurrentTransactions: boolean
  readonly unreachable: UnreachableCase
}

/**
 * The one test suite every backend passes (Kysely's dialect suite is the model). Run it inside a shared layer
 * that provides the store and its TestDatabase, with a long poll interval so wake-ups come from appends only.
 */
export const eventStoreContract = (it: ContractIt, options: ContractOptions): void => {
  appendCases(it)
  idempotencyCases(it)
  concurrencyCases(it)
  globalReadCases(it, options)
  integrityCases(it)
  operationCases(it, options)
}
