/** An open stream the server keeps alive and can close. */
export interface StreamConnection {
  /** When something was last written (keep-alives are sent only to quiet streams). */
  lastWrite: number
  readonly keepAlive: () => void
  readonly close: (reason: "shutdown" | "replaced") => void
}

/**
 * The open SSE and bot streams of this process: one timer sends keep-alives to the quiet ones (rather than
 * a timer per stream), and shutdown closes them all. Bot streams are also indexed by token: one per token.
 */
export class StreamRegistry {
  private readonly open = new Set<StreamConnection>()
  private readonly byToken = new Map<string, StreamConnection>()
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(private readonly keepAliveMs: number) {}

  get size(): number {
    return this.open.size
  }

  add(connection: StreamConnection): void {
    this.open.add(connection)
    this.timer ??= setInterval(() => this.tick(), Math.max(50, Math.floor(this.keepAliveMs / 3)))
    this.timer.unref?.()
  }

  remove(connection: StreamConnection): void {
    this.open.delete(connection)
    for (const [token, c] of this.byToken) if (c === connection) this.byToken.delete(token)
  }

  /** Registers the bot stream of a token; the one it replaces (if any) is closed. */
  claim(tokenId: string, connection: StreamConnection): void {
    const previous = this.byToken.get(tokenId)
    this.byToken.set(tokenId, connection)
    if (previous !== undefined && previous !== connection) previous.close("replaced")
  }

  /** Closes every stream (the server is stopping); clients reconnect to another replica. */
  closeAll(): void {
    if (this.timer !== undefined) clearInterval(this.timer)
    this.timer = undefined
    for (const c of [...this.open]) c.close("shutdown")
    this.open.clear()
    this.byToken.clear()
  }

  private tick(): void {
    const now = Date.now()
    for (const c of this.open) if (now - c.lastWrite >= this.keepAliveMs) c.keepAlive()
  }
}
