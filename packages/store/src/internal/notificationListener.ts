/** The slice of a pg client the listener uses (Kysely style: declare what you use of a driver). */
export interface ListenClient {
  connect(): Promise<unknown>
  query(sql: string): Promise<unknown>
  on(event: "notification", listener: (message: { readonly processId: number }) => void): unknown
  on(event: "error", listener: (error: Error) => void): unknown
  on(event: "end", listener: () => void): unknown
  end(): Promise<void>
}

const RECONNECT_MS = 1_000

/**
 * Holds one dedicated connection that LISTENs on a channel and calls `onNotify` for each notification. When
 * the connection drops it reconnects every second and, once back, notifies once: events may have been
 * appended while it was away. The store's polling tick covers the gap meanwhile.
 */
export class NotificationListener {
  private client: ListenClient | undefined
  private stopped = false
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly connect: () => ListenClient,
    private readonly channel: string,
    private readonly onNotify: () => void,
    /** Notifications sent by this backend process are ignored (the node's own). */
    private readonly ownPid: () => number | undefined = () => undefined,
  ) {}

  start(): void {
    void this.open(false)
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer !== undefined) clearTimeout(this.timer)
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => undefined)
  }

  private async open(isReconnect: boolean): Promise<void> {
    if (this.stopped) return
    const client = this.connect()
    this.client = client
    let dropped = false
    const drop = () => {
      if (dropped || this.client !== client) return
      dropped = true
      this.client = undefined
      void client.end().catch(() => undefined)
      this.retry()
    }
    client.on("notification", (message) => {
      if (message.processId !== this.ownPid()) this.onNotify()
    })
    client.on("error", drop)
    client.on("end", drop)
    try {
      await client.connect()
      await client.query(`listen ${this.channel}`)
      if (isReconnect) this.onNotify()
    } catch {
      drop()
    }
  }

  private retry(): void {
    if (this.stopped) return
    this.timer = setTimeout(() => void this.open(true), RECONNECT_MS)
    this.timer.unref?.()
  }
}
