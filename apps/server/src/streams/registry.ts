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
  private readonly perAddress = new Map<string, number>()
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(
    private readonly keepAliveMs: number,
    /** Streams one client address may hold open at once; null for no cap. */
    readonly maxPerAddress: number | null = null,
  ) {}

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

  /**
   * Reserves one of an address's stream slots, held until `release` is called (when the response closes);
   * null when the address already holds its cap. Counted from the request on, so a client cannot open
   * more while its earlier ones are still starting.
   */
  admit(address: string): (() => void) | null {
    const held = this.perAddress.get(address) ?? 0
    if (this.maxPerAddress !== null && held >= this.maxPerAddress) return null
    this.perAddress.set(address, held + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const now = (this.perAddress.get(address) ?? 1) - 1
      if (now <= 0) this.perAddress.delete(address)
      else this.perAddress.set(address, now)
    }
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
