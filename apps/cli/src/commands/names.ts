import type { RegisteredName } from "@boroughs/protocol"
import { callServer, organiserRemote } from "./remote.js"

interface Connection {
  readonly url?: string
  readonly tokenFile?: string
}

/** `boroughs names list`: the organisers' register of display names. */
export const listNames = async (o: Connection): Promise<ReadonlyArray<RegisteredName>> => {
  const { names } = await callServer(organiserRemote(o), (client) => client.tokens.listNames())
  return names
}

/** `boroughs names set <holder> <name>`: games created from now on show the holder by this name. */
export const setName = async (
  o: Connection & { readonly holder: string; readonly name: string },
): Promise<RegisteredName> =>
  callServer(organiserRemote(o), (client) =>
    client.tokens.setName({ params: { holder: o.holder }, payload: { name: o.name } }),
  )

/** `boroughs names clear <holder>`: games created from now on show the holder by its holder name again. */
export const clearName = async (o: Connection & { readonly holder: string }): Promise<void> => {
  await callServer(organiserRemote(o), (client) => client.tokens.clearName({ params: { holder: o.holder } }))
}

/** The register as a table, one holder a line, under a header; "no names registered" when it is empty. */
export const formatNames = (names: ReadonlyArray<RegisteredName>): string => {
  if (names.length === 0) return "no names registered"
  const rows = [
    ["HOLDER", "NAME", "SET BY", "SET AT"],
    ...names.map((n) => [n.holder, n.name, n.setBy, n.setAt]),
  ]
  const widths = (rows[0] as string[]).map((_, i) =>
    Math.max(...rows.map((r) => [...(r[i] as string)].length)),
  )
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell + " ".repeat((widths[i] as number) - [...cell].length))
        .join("  ")
        .trimEnd(),
    )
    .join("\n")
}
