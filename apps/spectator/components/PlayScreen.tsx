"use client"

import {
  actorOf,
  Clock,
  type CommandRefusal,
  type GameRenderer,
  narrateWith,
  PlayBoard,
  placesWith,
  RendererBoard,
  seatName,
} from "@boroughs/board-ui/kit"
import { type GameDetail, type ViewedEnvelope, watchGame } from "@boroughs/protocol"
import { Effect, Fiber, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import Link from "next/link"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { fromBrowser, origin } from "@/lib/browser"
import { type CommandOutcome, commandOutcome, newCommandId, raceWords } from "@/lib/playCommand"
import { resultWords, waitingWords } from "@/lib/playWords"
import { pageTitle, seatInfos } from "@/lib/seats"
import { ConnectionBanners } from "./ConnectionBanners"

/** An invited seat's link, for the game's creator to send (the path; the page adds its own origin). */
export interface InviteLink {
  readonly seat: number
  readonly path: string
}

/** What the play page hands a game's play screen (components/play/<game> adds the game's renderer). */
export interface PlayScreenProps {
  /** The game as the person's seat sees it (read with the seat's token, on the site's server). */
  initialDetail: GameDetail
  seat: number
  title: string
  /** The invited seats' links, for the creator's browser only (empty for everyone else). */
  invites: ReadonlyArray<InviteLink>
}

/** Words shown until the game moves on past the version they were said at (a race, a refusal). */
interface Said<A> {
  readonly at: number
  readonly what: A
}

/** How many of the latest events the page lists beside the board. */
const RECENT = 8

/**
 * A person's seat in a live game. The board and everything on it are the seat's own view, read through the
 * site's `/api` pass-through with the seat's token from its httpOnly cookie, and followed over the seat's
 * SSE stream (resuming after a drop; a reload starts from the server's state). When the seat owes a
 * decision its legal commands are ringed on the board and listed beside it; a choice goes out as a command
 * with a fresh id and the version it was chosen at, never resent on its own: a stale or duplicate answer reads
 * the game again and lets the person choose again. Others' turns show who the table waits for and their clocks.
 */
export function PlayScreen({
  initialDetail,
  seat,
  title,
  invites,
  renderer,
}: PlayScreenProps & {
  /** The game's renderer and rules (one game's code: see components/play). */
  renderer: GameRenderer | undefined
}) {
  const gameId = initialDetail.gameId
  const [detail, setDetail] = useState(initialDetail)
  const [events, setEvents] = useState<ReadonlyArray<ViewedEnvelope>>([])
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Said<CommandRefusal> | null>(null)
  const [notice, setNotice] = useState<Said<string> | null>(null)
  const [revoked, setRevoked] = useState<string | null>(null)
  const [down, setDown] = useState<string | null>(null)
  const [streamProblem, setStreamProblem] = useState<string | null>(null)
  const [siteOrigin, setSiteOrigin] = useState("")
  // False in the server's HTML; true once hydrated (the browser tests wait for it before they click).
  const [interactive, setInteractive] = useState(false)
  const current = useRef(detail)
  current.current = detail

  const seats = useMemo(() => seatInfos(detail.players, detail.names), [detail.players, detail.names])
  const nameOf = useCallback((s: number) => seatName(seats, s), [seats])
  const ended = detail.status === "ended"
  const decision = ended ? undefined : detail.decisions.find((d) => d.seat === seat)
  const owes = decision !== undefined

  // The seat's view, read again; an answer older than the one shown (two reads crossing) is dropped.
  const read = useCallback(async (): Promise<GameDetail | null> => {
    const r = await fromBrowser((c) => c.games.getGame({ params: { gameId }, query: { seat } }))
    if (r.kind === "ok") {
      setDown(null)
      if (r.value.version >= current.current.version) {
        current.current = r.value
        setDetail(r.value)
      }
      return r.value
    }
    if (r.kind === "unauthorized") setRevoked(r.message)
    else if (r.kind !== "not-found") setDown(r.message)
    return null
  }, [gameId, seat])

  // Reads coalesced: a burst of events (a bot's turn) is one read.
  const pendingRead = useRef<ReturnType<typeof setTimeout> | null>(null)
  const readSoon = useCallback(() => {
    if (pendingRead.current !== null) return
    pendingRead.current = setTimeout(() => {
      pendingRead.current = null
      void read()
    }, 40)
  }, [read])

  // The seat's stream: its events (redacted for it, as the server redacts them) and a read of the view after
  // each burst. Events are added in batches: a reload replays a long game's hundreds at once.
  useEffect(() => {
    let arrived: ViewedEnvelope[] = []
    let flush: ReturnType<typeof setTimeout> | null = null
    const fiber = Effect.runFork(
      Stream.runForEach(watchGame({ baseUrl: origin(), gameId, seat, after: 0 }), (m) =>
        Effect.sync(() => {
          if (m.type === "event") {
            arrived.push(m.envelope)
            flush ??= setTimeout(() => {
              const batch = arrived
              arrived = []
              flush = null
              setEvents((old) => {
                const known = old[old.length - 1]?.version ?? 0
                const fresh = batch.filter((e) => e.version > known)
                return fresh.length === 0 ? old : [...old, ...fresh]
              })
            }, 40)
          }
          if (m.type !== "ready" || m.version > current.current.version) readSoon()
        }),
      ).pipe(
        Effect.catch((e: { readonly _tag: string; readonly message?: unknown }) =>
          Effect.sync(() => {
            if (e._tag === "Unauthorized") setRevoked(typeof e.message === "string" ? e.message : e._tag)
            else setStreamProblem(typeof e.message === "string" ? e.message : e._tag)
          }),
        ),
        Effect.provide(FetchHttpClient.layer),
      ),
    )
    return () => {
      if (flush !== null) clearTimeout(flush)
      if (pendingRead.current !== null) clearTimeout(pendingRead.current)
      Effect.runFork(Fiber.interrupt(fiber))
    }
  }, [gameId, seat, readSoon])

  // A quiet game and a dead server look alike from the stream: ask every few seconds while the game is live.
  useEffect(() => {
    if (ended || revoked !== null) return
    const timer = setInterval(() => void read(), down === null ? 4_000 : 2_000)
    return () => clearInterval(timer)
  }, [ended, revoked, down, read])

  useEffect(() => {
    setSiteOrigin(window.location.origin)
    setInteractive(true)
  }, [])

  // The tab says whose move it is, so a person playing in another tab sees their turn come.
  useEffect(() => {
    document.title = `${owes ? "Your move · " : ""}${pageTitle(title, seats)}`
  }, [owes, title, seats])

  // One command in flight at a time, even for two clicks before the page re-renders as busy.
  const sending = useRef(false)
  const choose = async (command: unknown) => {
    if (sending.current) return
    sending.current = true
    setBusy(true)
    setRefusal(null)
    setNotice(null)
    let outcome: CommandOutcome
    try {
      const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/commands`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          commandId: newCommandId(window.crypto),
          seat,
          command,
          expectedVersion: current.current.version,
        }),
      })
      outcome = commandOutcome(r.status, await r.json().catch(() => null))
    } catch {
      outcome = { kind: "failed", message: "the site cannot be reached" }
    }
    // Whatever the answer, the server's state says what happened: read it before saying anything.
    const fresh = await read()
    const at = fresh?.version ?? current.current.version
    if (outcome.kind === "refused") setRefusal({ at, what: { rule: outcome.rule, message: outcome.message } })
    else if (outcome.kind === "revoked") setRevoked(outcome.message)
    else {
      const stillOwes = fresh?.status === "live" && fresh.decisions.some((d) => d.seat === seat)
      const words = raceWords(outcome, stillOwes)
      if (words !== null) setNotice({ at, what: words })
    }
    sending.current = false
    setBusy(false)
  }

  const last = events[events.length - 1]
  const actor = last === undefined ? null : actorOf(last)
  const highlight =
    last === undefined
      ? undefined
      : { places: placesWith(renderer, last), seats: actor === null ? [] : [actor] }
  const shownRefusal = refusal !== null && refusal.at === detail.version ? refusal.what : null
  const shownNotice = notice !== null && notice.at === detail.version ? notice.what : null
  const waiting = waitingWords(detail.pending, nameOf)
  const otherClocks = detail.clocks.filter((c) => c.seat !== seat)
  // With a clock, what it plays when it runs out (the server says it with the decision; older ones do not).
  const defaultCommand = decision?.deadline ? decision.default : undefined
  const recent = events.slice(-RECENT)
  const liveInvites = ended ? [] : invites

  return (
    <div
      data-testid="play-screen"
      data-version={detail.version}
      data-status={detail.status}
      data-owes={owes}
      data-busy={busy}
      data-interactive={interactive}
      className="play-screen"
    >
      <div className="game-head">
        <h1>{title}</h1>
        <span className={`status status-${detail.status}`}>{ended ? "finished" : "live"}</span>
        <span className="muted">
          You are <strong data-testid="my-name">{nameOf(seat)}</strong> (seat {seat + 1}) ·{" "}
          <Link href={`/games/${encodeURIComponent(gameId)}`}>{ended ? "Replay" : "Spectators' page"}</Link>
        </span>
      </div>
      {revoked !== null ? (
        <div className="banner banner-down" role="alert" data-testid="revoked">
          <strong>This seat's link no longer works</strong> ({revoked}). Ask whoever invited you for a new
          one; you can still <Link href={`/games/${encodeURIComponent(gameId)}`}>watch the game</Link>.
        </div>
      ) : null}
      <ConnectionBanners
        down={down !== null && revoked === null}
        streamProblem={streamProblem}
        retrying="Retrying; your seat is kept and the game resumes where it stopped."
        fallback="The page still asks the server every few seconds."
      />
      <p className="play-notice" role="status" data-testid="play-notice">
        {shownNotice ?? ""}
      </p>
      {ended ? (
        <div className="banner banner-info" role="note" data-testid="outcome">
          <strong>Game over.</strong> {detail.outcome ? resultWords(detail.outcome, seat, nameOf) : ""}{" "}
          <Link href={`/games/${encodeURIComponent(gameId)}`} data-testid="replay-link">
            Replay the game
          </Link>{" "}
          · <Link href={`/play?game=${encodeURIComponent(detail.game)}`}>Play another</Link>
        </div>
      ) : (
        <div className="play-turn" data-testid="play-turn">
          <span role="status">{owes ? <strong>Your move</strong> : (waiting ?? "Waiting for the game")}</span>
          {decision?.deadline ? (
            <span>
              {" "}
              · your clock <Clock seat={seat} deadline={decision.deadline} />
            </span>
          ) : null}
          {owes && defaultCommand === undefined ? (
            <span className="muted" data-testid="default-move">
              {detail.decisionMs === null
                ? " · no clock: take your time"
                : " · if it runs out, the rules' default move is played for you"}
            </span>
          ) : null}
          {!owes && otherClocks.length > 0
            ? otherClocks.map((c) => (
                <span key={c.seat}>
                  {" "}
                  · {nameOf(c.seat)} <Clock seat={c.seat} deadline={c.deadline} />
                </span>
              ))
            : null}
        </div>
      )}

      <div data-testid="play-board">
        {/* The board's panels are headed h3: this keeps the page's headings in order. */}
        <h2 className="visually-hidden">Board</h2>
        {owes ? (
          <PlayBoard
            renderer={renderer}
            game={detail.game}
            title={title}
            view={detail.view}
            seats={seats}
            legal={decision.legal}
            onChoose={(command) => void choose(command)}
            busy={busy || revoked !== null}
            error={shownRefusal}
            defaultCommand={defaultCommand}
            highlight={highlight}
          />
        ) : (
          <RendererBoard
            renderer={renderer}
            game={detail.game}
            title={title}
            view={detail.view}
            seats={seats}
            highlight={highlight}
          />
        )}
      </div>

      <div className="play-extras">
        {liveInvites.length > 0 ? (
          <section className="panel" aria-labelledby="invites-title" data-testid="invites">
            <h2 id="invites-title">Invite links</h2>
            <p className="muted">
              Send each link to the person who should play that seat: whoever opens it sits there. Keep them
              to yourself otherwise.
            </p>
            <ul className="invite-list">
              {liveInvites.map((invite) => (
                <InviteRow
                  key={invite.seat}
                  label={`Seat ${invite.seat + 1}`}
                  joined={detail.names?.[invite.seat] ?? null}
                  url={`${siteOrigin}${invite.path}`}
                />
              ))}
            </ul>
          </section>
        ) : null}
        <section className="panel" aria-labelledby="recent-title">
          <h2 id="recent-title">Latest moves</h2>
          {recent.length === 0 ? <p className="muted">Nothing yet.</p> : null}
          <ol className="recent" data-testid="recent-moves">
            {recent.map((e) => (
              <li key={e.version} data-version={e.version}>
                {narrateWith(renderer, e, seats)}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  )
}

/** One invited seat: its link to copy, and who took it once they have. */
function InviteRow({ label, joined, url }: { label: string; joined: string | null; url: string }) {
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null)
  useEffect(() => {
    if (copied === null) return
    const timer = setTimeout(() => setCopied(null), 2_500)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = () => {
    // Browsers leave out the clipboard on pages not served securely (plain http on a LAN address).
    const writing =
      "clipboard" in navigator
        ? navigator.clipboard.writeText(url)
        : Promise.reject(new Error("no clipboard"))
    writing.then(
      () => setCopied("copied"),
      () => setCopied("failed"),
    )
  }
  return (
    <li>
      <span>
        {label}: {joined === null ? <span className="muted">not taken yet</span> : <>taken by {joined}</>}
      </span>
      <input readOnly value={url} aria-label={`${label}'s invite link`} data-testid="invite-link" />
      <button type="button" onClick={copy}>
        Copy
      </button>
      <span role="status" className="copied">
        {copied === "copied" ? "Copied" : copied === "failed" ? "Select the link and copy it" : ""}
      </span>
    </li>
  )
}
