import type { Metadata } from "next"
import Link from "next/link"
import { notFound } from "next/navigation"
import { cache } from "react"
import type { Shown } from "@/components/GameScreen"
import { GameScreenFor } from "@/components/GameScreenFor"
import { ServerDown } from "@/components/ServerDown"
import { pageTitle, seatInfos } from "@/lib/seats"
import { fromServer } from "@/lib/server"
import { parseAt } from "@/lib/timeline"

export const dynamic = "force-dynamic"

type Params = Promise<{ gameId: string }>
type Search = Promise<Record<string, string | string[] | undefined>>

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)

const validGameId = (gameId: string) => /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(gameId)

// The game and the catalogue, read once per request for both the metadata and the page.
const gameAndCatalogue = cache((gameId: string) =>
  Promise.all([
    fromServer((c) => c.games.getGame({ params: { gameId }, query: {} })),
    fromServer((c) => c.games.catalogue()),
  ]),
)

/** The game's title as the catalogue spells it ("Downtown"), or its id when the catalogue is not at hand. */
const gameTitle = (catalogue: Awaited<ReturnType<typeof gameAndCatalogue>>[1], game: string): string =>
  (catalogue.kind === "ok" ? catalogue.value.games.find((g) => g.id === game)?.title : undefined) ?? game

/** "Downtown · ada vs ben · move 120": the game's title and players, and the position when one is asked for. */
export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params
  searchParams: Search
}): Promise<Metadata> {
  const gameId = decodeURIComponent((await params).gameId)
  const fallback = { title: `Game ${gameId}` }
  if (!validGameId(gameId)) return fallback
  const [detail, catalogue] = await gameAndCatalogue(gameId)
  if (detail.kind !== "ok") return fallback
  const title = gameTitle(catalogue, detail.value.game)
  const position = parseAt(one((await searchParams).at), detail.value.version)
  const version = position.ok ? (position.at ?? detail.value.version) : null
  // Absolute: the same title the page keeps up to date as the position changes.
  return {
    title: { absolute: pageTitle(title, seatInfos(detail.value.players, detail.value.names), version) },
  }
}

/** A game, live or finished (`?at=<version>` opens a position, `?seat=<seat>` a seat's perspective after the end). */
export default async function GamePage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const gameId = decodeURIComponent((await params).gameId)
  const q = await searchParams
  if (!validGameId(gameId)) notFound()
  const query = {}
  const [[detail, catalogue], timeline, audit] = await Promise.all([
    gameAndCatalogue(gameId),
    fromServer((c) => c.games.timeline({ params: { gameId }, query })),
    fromServer((c) => c.games.audit({ params: { gameId }, query })),
  ])
  if (detail.kind === "not-found" || timeline.kind === "not-found") notFound()
  if (detail.kind === "forbidden" || timeline.kind === "forbidden")
    return (
      <div className="error-page" data-testid="forbidden">
        <h1>This game is not open to spectators</h1>
        <p>
          Game <strong>{gameId}</strong> is organiser-only: only its organisers and the players at its table
          may watch it. {detail.kind === "forbidden" ? detail.message : ""}
        </p>
        <p>
          <Link href="/">Back to the games</Link>
        </p>
      </div>
    )
  if (detail.kind !== "ok" || timeline.kind !== "ok")
    return (
      <>
        <h1>Game {gameId}</h1>
        <ServerDown
          message={detail.kind !== "ok" ? detail.message : timeline.kind !== "ok" ? timeline.message : ""}
        />
      </>
    )

  const last = Math.max(detail.value.version, timeline.value.version)
  const position = parseAt(one(q.at), last)
  if (!position.ok)
    return (
      <div className="error-page" data-testid="bad-position">
        <h1>No such position</h1>
        <p>{position.problem}.</p>
        <p>
          <Link href={`/games/${encodeURIComponent(gameId)}?at=${last}`}>
            Open the last position ({last})
          </Link>{" "}
          · <Link href={`/games/${encodeURIComponent(gameId)}?at=1`}>the start</Link> ·{" "}
          <Link href="/">all games</Link>
        </p>
      </div>
    )
  const ended = detail.value.status === "ended"
  // `?seat=` as the API names it; `?as=` is what earlier links carry.
  const asRaw = one(q.seat) ?? one(q.as)
  const as =
    ended && asRaw !== undefined && /^\d+$/.test(asRaw) && Number(asRaw) < detail.value.seats
      ? Number(asRaw)
      : null

  let shown: Shown | null = null
  if (position.at !== null || as !== null) {
    const version = position.at ?? last
    const view = await fromServer((c) =>
      c.games.viewAt({ params: { gameId }, query: { at: version, ...(as === null ? {} : { seat: as }) } }),
    )
    if (view.kind === "ok") shown = { version, as, view: view.value.view }
  } else shown = { version: detail.value.version, as: null, view: detail.value.view }

  const title = gameTitle(catalogue, detail.value.game)
  return (
    <GameScreenFor
      initialDetail={detail.value}
      initialTimeline={timeline.value}
      initialAudit={audit.kind === "ok" ? audit.value : null}
      initialAt={position.at}
      initialAs={as}
      initialShown={shown}
      title={title}
    />
  )
}
