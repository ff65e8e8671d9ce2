import { createServer, type ServerResponse } from "node:http"

// The floor the fan-out benchmark is judged against: a bare node:http server that holds SSE responses and,
// on each POST, writes one frame of the given size to every one of them, encoded once as an HTTP chunk and
// written straight to each socket — no store, no tailer, no redaction, nothing but the sockets. Each receipt
// is measured from the moment the POST arrived (printed as `commit`). Benchmark harness.
const streams = new Set<ServerResponse>()

const server = createServer((req, res) => {
  if (req.method === "GET") {
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
    })
    res.flushHeaders()
    streams.add(res)
    req.on("close", () => streams.delete(res))
    return
  }
  // POST /broadcast?version=<n>&bytes=<n>
  const url = new URL(req.url ?? "/", "http://bare")
  const version = Number(url.searchParams.get("version"))
  const bytes = Number(url.searchParams.get("bytes"))
  const at = performance.timeOrigin + performance.now()
  process.stdout.write(`commit bare ${version} ${at}\n`)
  const frame = `id: ${version}\nevent: event\ndata: ${"x".repeat(Math.max(0, bytes))}\n\n`
  const chunk = Buffer.from(`${Buffer.byteLength(frame).toString(16)}\r\n${frame}\r\n`)
  for (const stream of streams) stream.socket?.write(chunk)
  res.writeHead(204)
  res.end()
})

server.listen(0, "127.0.0.1", () => {
  const address = server.address()
  if (address === null || typeof address === "string") throw new Error("no port")
  process.stdout.write(`listening http://127.0.0.1:${address.port}\n`)
})
process.on("SIGTERM", () => process.exit(0))
