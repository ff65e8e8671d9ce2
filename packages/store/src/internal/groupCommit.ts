import { type AppendWrite, appendStatement, groupStatement } from "./appendSql.js"
import type { Statement } from "./backend.js"
import { isUniqueViolation } from "./dbErrors.js"

interface Waiting {
  readonly append: AppendWrite
  readonly resolve: (written: number) => void
  readonly reject: (error: unknown) => void
}

/**
 * Sends appends with at most `concurrency` statements in flight; appends that arrive while that many are
 * out wait, and the next statement carries every waiting one (up to `maxEvents` events) as one INSERT: one
 * round trip and one commit for many streams. Under load a commit, not the row, is the cost of an append
 * (PostgreSQL assigns a transaction id, writes a commit record and flushes the WAL for each), and so is
 * the client's work per query; with few writers nothing waits and each append is its own statement.
 *
 * Grouping changes no outcome. A group is one statement, so it stores all of its appends or none; when it
 * is refused by a unique index (a stale expected version, a retried or reused command id), every append of
 * it is sent again alone and learns its own outcome, exactly as if it had never been grouped. Any other
 * failure (the connection dropped) is every member's, as it would have been for each of them alone. Only
 * appends to existing streams are grouped: a new stream's statement also writes its row, alone.
 */
export class GroupCommit {
  private inFlight = 0
  private readonly waiting: Waiting[] = []

  constructor(
    private readonly write: (statement: Statement) => Promise<number>,
    private readonly concurrency: number,
    private readonly maxEvents: number,
  ) {}

  /** Writes one append's events; resolves to the rows written (all of them, or 0 when a create lost). */
  readonly append = (append: AppendWrite): Promise<number> => {
    if (append.expectedVersion === 0) return this.alone(append)
    if (this.inFlight < this.concurrency) return this.send([append]).then((written) => written)
    return new Promise((resolve, reject) => {
      this.waiting.push({ append, resolve, reject })
    })
  }

  private alone(append: AppendWrite): Promise<number> {
    return this.write(appendStatement(append))
  }

  /** Sends appends as one statement, counting it in flight; when it is done, the next waiting group goes. */
  private async send(appends: ReadonlyArray<AppendWrite>): Promise<number> {
    this.inFlight++
    try {
      return await this.write(appends.length === 1 ? appendStatement(appends[0]!) : groupStatement(appends))
    } finally {
      this.inFlight--
      this.next()
    }
  }

  private next(): void {
    if (this.waiting.length === 0 || this.inFlight >= this.concurrency) return
    const group = this.takeGroup()
    this.send(group.map((w) => w.append)).then(
      (written) => {
        // Every event of every member was written: each learns its own count.
        if (group.length === 1) group[0]!.resolve(written)
        else for (const member of group) member.resolve(member.append.events.length)
      },
      (error) => {
        if (group.length > 1 && isUniqueViolation(error)) for (const member of group) this.retryAlone(member)
        else for (const member of group) member.reject(error)
      },
    )
  }

  private retryAlone(member: Waiting): void {
    this.alone(member.append).then(member.resolve, member.reject)
  }

  private takeGroup(): Waiting[] {
    const group = [this.waiting.shift()!]
    let events = group[0]!.append.events.length
    while (this.waiting.length > 0 && events + this.waiting[0]!.append.events.length <= this.maxEvents) {
      const member = this.waiting.shift()!
      events += member.append.events.length
      group.push(member)
    }
    return group
  }
}
