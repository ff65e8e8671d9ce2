import { connect, type Socket } from "node:net"

// A worker holding many SSE connections; tells its parent when every one of them has an event version,
// and when each got it (epoch ms, µs precision). Benchmark harness.
//
// The streams are raw TCP sockets read with `onread` (no stream machinery), a hand-written request and a
// scan for `id:` lines, not node:http clients: this process shares the machine's two cores with the server,
// and every microsecond a read costs here delays the reads of the other streams of the worker — the
// client's queue, not the server's delivery. A receipt is stamped when its chunk is read, before parsing.
type Command =
  | { type: "open"; base: string; gameId: string; n: number }
  | { type: "closeGame"; gameId: string }
  | { type: "close" }

const groups = new Map<string, Array<Map<number, number>>>()
/** How many of a game's streams have each version: counted, not rescanned (1,000 streams per event). */
const counts = new Map<string, number>()
const sockets = new Map<string, Socket[]>()

const check = (gameId: string, version: number) => {
  const key = `${gameId}@${version}`
  const n = (counts.get(key) ?? 0) + 1
  counts.set(key, n)
  const group = groups.get(gameId) ?? []
  if (n === group.length) {
    counts.delete(key)
    process.send?.({ type: "got", gameId, version, times: group.map((seen) => seen.get(version)) })
  }
}

const ID = Buffer.from("\nid: ")
const HEADERS_END = Buffer.from("\r\n\r\n")
/** Every socket of this worker reads into this one buffer (reads are handled one at a time). */
const READ_BUFFER = Buffer.alloc(64 * 1024)

/** Opens one SSE stream; resolves once the response headers have arrived. */
const openStream = (url: URL, gameId: string, seen: Map<number, number>): Promise<Socket> =>
  new Promise((resolve, reject) => {
    let headersDone = false
    let carry: Buffer = Buffer.alloc(0)
    /** One chunk read into the shared buffer: scanned at once (the buffer is reused by the next read). */
    const onChunk = (chunk: Buffer) => {
      const now = performance.timeOrigin + performance.now()
      let text = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk
      if (!headersDone) {
        const end = text.indexOf(HEADERS_END)
        if (end < 0) {
          carry = Buffer.from(text)
          return
        }
        if (!text.subarray(0, 12).toString("latin1").includes(" 200"))
          return reject(new Error(`stream ${gameId}: ${text.subarray(0, 40).toString("latin1")}`))
        headersDone = true
        resolve(socket)
        // Keep the blank line's last newline so an `id:` right after the headers is found too.
        text = text.subarray(end + 3)
      }
      // Frames are `id: <version>\nevent: …\ndata: …\n\n` (chunked framing adds its own lines around them).
      let at = text.indexOf(ID)
      let lastComplete = 0
      while (at >= 0) {
        let i = at + ID.length
        let version = 0
        while (i < text.length && (text[i] as number) >= 48 && (text[i] as number) <= 57)
          version = version * 10 + (text[i++] as number) - 48
        if (i >= text.length) break // the number may go on in the next chunk
        seen.set(version, now)
        check(gameId, version)
        lastComplete = i
        at = text.indexOf(ID, i)
      }
      // Carry (copied: the read buffer is shared) only a tail that may hold the start of an `id:` line.
      const tailFrom = Math.max(lastComplete, text.length - (ID.length + 12))
      carry = Buffer.from(text.subarray(tailFrom))
    }
    // `onread` hands each read to the callback in one reused buffer, without the stream machinery: a few µs a
    // read instead of the tens a 'data' event costs, so 500 streams drain in about a millisecond.
    const socket = connect({
      host: url.hostname,
      port: Number(url.port),
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (n: number, buffer: Uint8Array) => {
          onChunk(Buffer.from(buffer.buffer, buffer.byteOffset, n))
          return true // keep reading
        },
      },
    })
    socket.on("connect", () =>
      socket.write(
        `GET /api/games/${gameId}/stream HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    )
    socket.on("error", (error) => {
      if (!headersDone) reject(error)
    })
  })

process.on("message", async (command: Command) => {
  if (command.type === "close") {
    for (const list of sockets.values()) for (const s of list) s.destroy()
    process.exit(0)
  }
  if (command.type === "closeGame") {
    for (const s of sockets.get(command.gameId) ?? []) s.destroy()
    sockets.delete(command.gameId)
    groups.delete(command.gameId)
    process.send?.({ type: "closed", gameId: command.gameId })
    return
  }
  const group = groups.get(command.gameId) ?? []
  groups.set(command.gameId, group)
  const url = new URL(command.base)
  const list = sockets.get(command.gameId) ?? []
  sockets.set(command.gameId, list)
  await Promise.all(
    Array.from({ length: command.n }, async () => {
      const seen = new Map<number, number>()
      group.push(seen)
      list.push(await openStream(url, command.gameId, seen))
    }),
  )
  process.send?.({ type: "opened", gameId: command.gameId })
})
