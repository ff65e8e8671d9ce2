import type { Decision, Seat } from "@boroughs/core"

/** A decision a seat owes, and since when: the clock's deadline is `since + decisionMs`. */
export interface OwedDecision {
  readonly seat: Seat
  readonly kind: string
  /** ISO time of the append after which the seat owed this decision. */
  readonly since: string
  /** The stream version at which the seat started to owe it. */
  readonly version: number
}

/** What the clock needs to know about one append: who played, when it was accepted, where it left the stream. */
export interface AppendFacts {
  readonly seat: Seat | undefined
  readonly time: string
  readonly version: number
}

/**
 * The decisions owed after an append. A seat that still owes a decision of the same kind, and did not play
 * this append, keeps its start time (the others' moves do not reset its clock); any other pending seat
 * starts a new decision now.
 */
export const nextDecisions = (
  before: ReadonlyArray<OwedDecision>,
  pending: ReadonlyArray<Decision>,
  append: AppendFacts,
): OwedDecision[] => {
  const out: OwedDecision[] = []
  for (const d of pending) {
    if (out.some((o) => o.seat === d.seat)) continue
    const prev = before.find((o) => o.seat === d.seat)
    out.push(
      prev !== undefined && prev.kind === d.kind && append.seat !== d.seat
        ? prev
        : { seat: d.seat, kind: d.kind, since: append.time, version: append.version },
    )
  }
  return out
}

/** When a decision times out, in epoch milliseconds. */
export const deadlineOf = (decision: OwedDecision, decisionMs: number): number =>
  Date.parse(decision.since) + decisionMs
