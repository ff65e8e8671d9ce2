import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import type { IssuedToken, TokenInfo } from "@boroughs/protocol"
import { CliError } from "../fail.js"
import { callServer, organiserRemote } from "./remote.js"

interface Connection {
  readonly url?: string
  readonly tokenFile?: string
}

const KINDS = ["bot", "player", "organiser"] as const
type Kind = (typeof KINDS)[number]

/**
 * `boroughs token create`: issues a token on the server (organisers only). The secret is shown this once,
 * since the server keeps only its hash: on stdout, or written to `out` readable by its owner only.
 */
export const createToken = async (
  o: Connection & {
    readonly kind: string
    readonly name: string
    readonly expires?: string
    readonly out?: string
  },
): Promise<IssuedToken> => {
  if (!(KINDS as ReadonlyArray<string>).includes(o.kind))
    throw new CliError(`--kind is one of ${KINDS.join(", ")}, not "${o.kind}"`)
  const remote = organiserRemote(o)
  const issued = await callServer(remote, (client) =>
    client.tokens.createToken({
      payload: {
        kind: o.kind as Kind,
        name: o.name,
        ...(o.expires === undefined ? {} : { expiresAt: o.expires }),
      },
    }),
  )
  if (o.out !== undefined) {
    mkdirSync(dirname(o.out), { recursive: true })
    writeFileSync(o.out, `${issued.token}\n`, { mode: 0o600 })
    // A file that existed keeps its mode through writeFileSync: make it the owner's only either way.
    chmodSync(o.out, 0o600)
  }
  return issued
}

const LISTED_KINDS = [...KINDS, "seat"] as const

/** `boroughs token list`: every token the server has issued (of one kind, when asked), without secrets. */
export const listTokens = async (
  o: Connection & { readonly kind?: string },
): Promise<ReadonlyArray<TokenInfo>> => {
  const kind = o.kind
  if (kind !== undefined && !(LISTED_KINDS as ReadonlyArray<string>).includes(kind))
    throw new CliError(`--kind is one of ${LISTED_KINDS.join(", ")}, not "${kind}"`)
  const remote = organiserRemote(o)
  const { tokens } = await callServer(remote, (client) =>
    client.tokens.listTokens({
      query: kind === undefined ? {} : { kind: kind as (typeof LISTED_KINDS)[number] },
    }),
  )
  return tokens
}

/** `boroughs token revoke <id>`: the token stops working (within 5 s on other replicas of the server). */
export const revokeToken = async (o: Connection & { readonly tokenId: string }): Promise<void> => {
  const remote = organiserRemote(o)
  await callServer(remote, (client) => client.tokens.revokeToken({ params: { tokenId: o.tokenId } }))
}

/** Whether a token works now, as the list shows it. */
const statusOf = (t: TokenInfo, now: number): string =>
  t.revokedAt !== null
    ? "revoked"
    : t.expiresAt !== null && Date.parse(t.expiresAt) <= now
      ? "expired"
      : "live"

/** A table of tokens, one a line, under a header; "no tokens" when there are none. */
export const formatTokens = (tokens: ReadonlyArray<TokenInfo>, now = Date.now()): string => {
  if (tokens.length === 0) return "no tokens"
  const rows = [
    ["ID", "KIND", "NAME", "STATUS", "CREATED", "EXPIRES"],
    ...tokens.map((t) => [t.tokenId, t.kind, t.name, statusOf(t, now), t.createdAt, t.expiresAt ?? "-"]),
  ]
  const widths = (rows[0] as string[]).map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length)))
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] as number))
        .join("  ")
        .trimEnd(),
    )
    .join("\n")
}
