// The test's own calls to the game server, as its organiser (seeding games, reading what is secret).
// biome-ignore-all lint/suspicious/noExplicitAny: tests read whatever JSON the server answered.

export interface Api {
  readonly get: (path: string, asOrganiser?: boolean) => Promise<any>
  readonly post: (path: string, body: unknown) => Promise<any>
}

export const api = (base: string, organiser: string): Api => {
  const call = async (method: string, path: string, body: unknown, token: string | null) => {
    const headers: Record<string, string> = {}
    if (token !== null) headers.authorization = `Bearer ${token}`
    if (body !== undefined) headers["content-type"] = "application/json"
    // Seeding writes faster than the organiser token's rate limit on a quick machine: wait as the 429 says
    // (commands carry their commandId, so a retry never applies one twice).
    for (let attempt = 1; ; attempt++) {
      const r = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const json = await r.json().catch(() => null)
      if (r.status === 429 && attempt < 50) {
        await new Promise((resolve) => setTimeout(resolve, Number(json?.retryAfterMs ?? 50) + 1))
        continue
      }
      if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`)
      return json
    }
  }
  return {
    get: (path, asOrganiser = true) => call("GET", path, undefined, asOrganiser ? organiser : null),
    post: (path, body) => call("POST", path, body, organiser),
  }
}

/**
 * Plays up to `commands` decisions as the organiser (acting for whichever seat owes one), picking among the
 * legal commands with a fixed rule so the seeded games are the same on every run. Stops early when
 * `until` says so after a command, or when the game ends.
 */
export const play = async (
  a: Api,
  gameId: string,
  commands: number,
  until: (detail: any) => boolean = () => false,
): Promise<any> => {
  let detail = await a.get(`/api/games/${gameId}`)
  for (let n = 0; n < commands && detail.status === "live"; n++) {
    const seat = detail.pending[0] as number
    const mine = await a.get(`/api/games/${gameId}?seat=${seat}`)
    const decision = mine.decisions.find((d: { seat: number }) => d.seat === seat)
    const legal = decision.legal as unknown[]
    const command = legal[(mine.version * 7 + seat * 3) % legal.length]
    await a.post(`/api/games/${gameId}/commands`, {
      commandId: `${gameId}:${seat}:${mine.version}`,
      seat,
      command,
      expectedVersion: mine.version,
    })
    detail = await a.get(`/api/games/${gameId}`)
    if (until(detail)) break
  }
  return detail
}
