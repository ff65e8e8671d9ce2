import { connect, type Socket } from "node:net"

// A worker holding many SSE connections; tells its parent when every one of them has an event version,
// and when each got it (epoch ms, µs precision). Benchmark harness.
//
// The streams are raw TCP sockets with a hand-written request and a scan for `id:` lines, not node:http
// clients: this process shares the machine's two cores with the server, and Node's HTTP client (parser,
// stream machinery, string decoding) cost ~20 µs a chunk, so with 500 streams a worker the last socket read
// an event ~10 ms after the first — the client's queue, not the server's delivery. A receipt is stamped
// when its chunk is read, before any parsing.
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

/** Opens one SSE stream; resolves once the response headers have arrived. */
const openStream = (url: URL, gameId: string, seen: Map<number, number>): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true })
    let headersDone = false
    let carry: Buffer = Buffer.alloc(0)
    socket.on("connect", () =>
      socket.write(
        `GET /api/games/${gameId}/stream HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    )
    socket.on("data", (chunk: Buffer) => {
      const now = performance.timeOrigin + performance.now()
      let text = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk
      if (!headersDone) {
        const end = text.indexOf(HEADERS_END)
        if (end < 0) {
          carry = text
          return
        }
        if (!text.subarray(0, 12).toString("latin1").includes(" 200"))
          return reject(new Error(`stream ${gameId}: ${text.subarray(0, 40).toString("latin1")}`))
        headersDone = true
        resolve(socket)
        // Keep the blank line's last newline so an `id:` right after the headers is found too.
        text = text.subarray(end + 3)
      }
      // Frames are `event: …\nid: <version>\ndata: …\n\n` (chunked framing adds its own lines around them).
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
      // Carry only a tail that may hold the start of an `id:` line.
      const tailFrom = Math.max(lastComplete, text.length - (ID.length + 12))
      carry = Buffer.from(text.subarray(tailFrom))
    })
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
