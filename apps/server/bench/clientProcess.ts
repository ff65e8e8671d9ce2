import { Agent, get } from "node:http"

// A worker holding many SSE connections; tells its parent when every one of them has an event version,
// and when each got it (epoch ms, µs precision). Benchmark harness.
type Command =
  | { type: "open"; base: string; gameId: string; n: number }
  | { type: "closeGame"; gameId: string }
  | { type: "close" }

const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })
const groups = new Map<string, Array<Map<number, number>>>()
/** How many of a game's streams have each version: counted, not rescanned (1,000 streams per event). */
const counts = new Map<string, number>()
const requests = new Map<string, Array<ReturnType<typeof get>>>()

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

process.on("message", async (command: Command) => {
  if (command.type === "close") {
    for (const list of requests.values()) for (const r of list) r.destroy()
    process.exit(0)
  }
  if (command.type === "closeGame") {
    for (const r of requests.get(command.gameId) ?? []) r.destroy()
    requests.delete(command.gameId)
    groups.delete(command.gameId)
    process.send?.({ type: "closed", gameId: command.gameId })
    return
  }
  const group = groups.get(command.gameId) ?? []
  groups.set(command.gameId, group)
  await Promise.all(
    Array.from(
      { length: command.n },
      () =>
        new Promise<void>((resolve) => {
          const seen = new Map<number, number>()
          group.push(seen)
          let carry = ""
          const request = get(`${command.base}/api/games/${command.gameId}/stream`, { agent }, (res) => {
            res.setEncoding("utf8")
            res.on("data", (chunk: string) => {
              const now = performance.timeOrigin + performance.now()
              const text = carry + chunk
              const cut = text.lastIndexOf("\n")
              carry = text.slice(cut + 1)
              for (const m of text.slice(0, cut + 1).matchAll(/^id: (\d+)$/gm)) {
                const version = Number(m[1])
                seen.set(version, now)
                check(command.gameId, version)
              }
            })
            resolve()
          })
          request.on("error", () => undefined)
          const list = requests.get(command.gameId) ?? []
          list.push(request)
          requests.set(command.gameId, list)
        }),
    ),
  )
  process.send?.({ type: "opened", gameId: command.gameId })
})
