/**
 * Wakes other nodes after appends with a NOTIFY of its own, sent after the append has committed, at once
 * after a quiet spell and at most once per `windowMs` during a burst (one trailing NOTIFY covers every
 * append of the window).
 *
 * Why not NOTIFY inside the append: a notifying transaction takes a cluster-wide lock at commit and queues
 * behind every other notifying commit, and each NOTIFY wakes every LISTENer to read — one per move. A wake-up
 * carries nothing (readers re-read with the fenced query), so one per burst says all that a hundred do.
 * If the process dies between a commit and its NOTIFY, other nodes still see the events on their polling tick.
 */
export class CoalescedNotifier {
  private sending: Promise<void> | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private pending = false
  private closed = false

  constructor(
    private readonly send: () => Promise<unknown>,
    private readonly windowMs: number,
  ) {}

  /** An append committed: other nodes should hear of it. */
  readonly notify = (): void => {
    if (this.closed) return
    if (this.sending !== undefined || this.timer !== undefined) {
      this.pending = true
      return
    }
    this.fire()
  }

  /** Sends a wake-up still owed, then stops. */
  async close(): Promise<void> {
    this.closed = true
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    await this.sending
    if (this.pending) {
      this.pending = false
      await this.send().catch(() => undefined)
    }
  }

  private fire(): void {
    this.pending = false
    // A lost NOTIFY (a dropped connection) costs other nodes one polling tick, never an event.
    this.sending = this.send().then(
      () => undefined,
      () => undefined,
    )
    void this.sending.then(() => {
      this.sending = undefined
      if (this.closed) return
      this.timer = setTimeout(() => {
        this.timer = undefined
        if (this.pending && !this.closed) this.fire()
      }, this.windowMs)
      this.timer.unref?.()
    })
  }
}

/** The slice of a pg client the notify connection uses. */
export interface NotifyClient {
  connect(): Promise<unknown>
  query(sql: string): Promise<{ readonly rows: ReadonlyArray<unknown> }>
  on(event: "error", listener: (error: Error) => void): unknown
  end(): Promise<void>
}

/**
 * The one connection a node NOTIFYs on, opened on first use and again after it drops. Its backend's process
 * id tells this node's own LISTENer which notifications are its own: the node has already published those
 * appends, so reading them back would only cost a query per move.
 */
export class NotifyConnection {
  private client: NotifyClient | undefined
  private opening: Promise<NotifyClient> | undefined
  private backendPid: number | undefined

  constructor(
    private readonly connect: () => NotifyClient,
    private readonly sql: string,
  ) {}

  /** The backend process id of the current connection (undefined while none is open). */
  readonly pid = (): number | undefined => this.backendPid

  readonly send = async (): Promise<void> => {
    const client = await this.open()
    try {
      await client.query(this.sql)
    } catch (error) {
      this.drop(client)
      throw error
    }
  }

  async close(): Promise<void> {
    const client = this.client ?? (await this.opening?.catch(() => undefined))
    this.client = undefined
    this.backendPid = undefined
    await client?.end().catch(() => undefined)
  }

  private open(): Promise<NotifyClient> {
    if (this.client !== undefined) return Promise.resolve(this.client)
    this.opening ??= (async () => {
      const client = this.connect()
      client.on("error", () => this.drop(client))
      try {
        await client.connect()
        const { rows } = await client.query("select pg_backend_pid() as pid")
        this.backendPid = (rows[0] as { pid: number }).pid
      } catch (error) {
        this.drop(client)
        throw error
      }
      this.client = client
      return client
    })().finally(() => {
      this.opening = undefined
    })
    return this.opening
  }

  private drop(client: NotifyClient): void {
    if (this.client === client) {
      this.client = undefined
      this.backendPid = undefined
    }
    void client.end().catch(() => undefined)
  }
}
