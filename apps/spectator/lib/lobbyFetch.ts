import type { GameList, GameListQuery } from "@boroughs/protocol"
import { classify, type Fetched, messageOf } from "./fetched"

/**
 * A page of the lobby read from the browser with plain fetch: the typed client would bring the effect runtime
 * (a quarter of a megabyte of JavaScript) to a page that only lists games. The server's answer is the
 * `GameList` the API documents; errors come back in the API's shape and are sorted as the typed client's are.
 */
export const fetchGameList = async (query: GameListQuery): Promise<Fetched<GameList>> => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  try {
    const response = await fetch(
      `${window.location.origin}/api/games${params.size === 0 ? "" : `?${params}`}`,
      {
        headers: { accept: "application/json" },
      },
    )
    const body: unknown = await response.json().catch(() => null)
    if (response.ok) return { kind: "ok", value: body as GameList }
    return classify(body ?? { message: `the server answered ${response.status}` })
  } catch (error) {
    return { kind: "down", message: messageOf(error) }
  }
}
