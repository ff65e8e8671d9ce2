"use client"

import {
  describeCommandWith,
  type GameRenderer,
  placesWith,
  RendererBoard,
  seatName,
} from "@boroughs/board-ui/kit"
import {
  type AuditReport,
  type GameDetail,
  type GameStreamMessage,
  type Timeline,
  type ViewedEnvelope,
  watchGame,
} from "@boroughs/protocol"
import { Effect, Fiber, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import Link from "next/link"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { mistakeNotes, mistakeVersions, nextMistake, notesByEvent, previousMistake } from "@/lib/analysis"
import { fromBrowser, origin } from "@/lib/browser"
import type { Fetched } from "@/lib/client"
import type { LocalPositions } from "@/lib/localFold"
import { loadLocalPositions } from "@/lib/localPositions"
import { pageTitle, seatInfos } from "@/lib/seats"
import { nextRound, nextSwing, previousRound, previousSwing, recordedDelay, swingList } from "@/lib/timeline"
import { AuditBadge } from "./AuditBadge"
import { ConnectionBanners } from "./ConnectionBanners"
import { EventLog } from "./EventLog"
import { ScoreChart } from "./ScoreChart"
import { Standings } from "./Standings"
import { useAnalysis } from "./useAnalysis"
import { WinChanceChart } from "./WinChanceChart"

type Autoplay = null | "recorded" | number

/** What a phone shows of the page, one at a time (wide screens show them all side by side). */
type Pane = "board" | "chart" | "log"

export interface Shown {
  readonly version: number
  readonly as: number | null
  readonly view: unknown
}

const urlFor = (at: number | null, as: number | null) => {
  const q = new URLSearchParams()
  if (at !== null) q.set("at", String(at))
  if (as !== null) q.set("seat", String(as))
  return `${window.location.pathname}${q.size === 0 ? "" : `?${q}`}`
}

/** The positions asked for ahead of a step from `at`: the next few first, then the previous two. */
const neighbours = (at: number, last: number): number[] =>
  [at + 1, at + 2, at + 3, at + 4, at - 1, at - 2].filter((v) => v >= 1 && v <= last)

/**
 * The view at `version` (as seat `as`) from the server's view?at=, kept in `cache` once read; a request
 * already under way for it (a step onto a position being fetched ahead) is shared, not repeated.
 */
const fetchView = (
  cache: Map<string, unknown>,
  inFlight: Map<string, Promise<Fetched<unknown>>>,
  gameId: string,
  version: number,
  as: number | null,
): Promise<Fetched<unknown>> => {
  const key = `${version}|${as ?? ""}`
  const running = inFlight.get(key)
  if (running !== undefined) return running
  const request = fromBrowser((c) =>
    c.games.viewAt({ params: { gameId }, query: { at: version, ...(as === null ? {} : { seat: as }) } }),
  ).then((r): Fetched<unknown> => {
    inFlight.delete(key)
    if (r.kind !== "ok") return r
    cache.set(key, r.value.view)
    return { kind: "ok", value: r.value.view }
  })
  inFlight.set(key, request)
  return request
}

/** Keys meant for a field being typed in, or for a box that uses them itself (the event log scrolls with them). */
const keysTakenBy = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.tagName === "SELECT" ||
    target.tagName === "TEXTAREA" ||
    (target.tagName === "INPUT" && (target as HTMLInputElement).type !== "range") ||
    target.closest("[data-owns-keys]") !== null)

/**
 * One game, live or finished: the board at the position shown, the standings, the event log, the score
 * chart and the audit. Live games follow the head over SSE (resuming with Last-Event-ID after a drop);
 * any position can be shown instead (`?at=`), with the keyboard, the scrubber, the log or the chart.
 */
/** What the page hands a game's screen (components/screens/<game> adds the game's renderer). */
export interface GameScreenProps {
  initialDetail: GameDetail
  initialTimeline: Timeline
  initialAudit: AuditReport | null
  initialAt: number | null
  initialAs: number | null
  initialShown: Shown | null
  title: string
}

export function GameScreen({
  initialDetail,
  initialTimeline,
  initialAudit,
  initialAt,
  initialAs,
  initialShown,
  title,
  renderer,
}: GameScreenProps & {
  /** The game's renderer and rules (one game's code: see components/screens). */
  renderer: GameRenderer | undefined
}) {
  const gameId = initialDetail.gameId
  const game = initialDetail.game
  const [detail, setDetail] = useState(initialDetail)
  const [timeline, setTimeline] = useState(initialTimeline)
  const [audit, setAudit] = useState(initialAudit)
  const [events, setEvents] = useState<ReadonlyArray<ViewedEnvelope>>([])
  const [at, setAt] = useState<number | null>(initialAt)
  const [as, setAs] = useState<number | null>(initialAs)
  const [shown, setShown] = useState<Shown | null>(initialShown)
  const [autoplay, setAutoplay] = useState<Autoplay>(null)
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null)
  const [measure, setMeasure] = useState<"score" | "money">("score")
  // What the chart shows: the scores, or (a finished game's analysis in) each seat's chance of winning.
  const [chart, setChart] = useState<"scores" | "chances">("scores")
  const [pane, setPane] = useState<Pane>("board")
  const [down, setDown] = useState<string | null>(null)
  const [streamProblem, setStreamProblem] = useState<string | null>(null)
  // False in the server's HTML; true once hydrated and every effect (the keyboard's too) has run: the
  // browser tests wait for it, since a key pressed on the server's HTML goes nowhere.
  const [interactive, setInteractive] = useState(false)
  const views = useRef(new Map<string, unknown>())
  // Requests of view?at= under way (the position shown, or a neighbour fetched ahead), by position.
  const fetching = useRef(new Map<string, ReturnType<typeof fetchView>>())
  // An ended game's positions folded in this browser: stepping then needs no server at all.
  const [local, setLocal] = useState<LocalPositions | null>(null)
  const folding = useRef(false)

  const seats = useMemo(() => seatInfos(detail.players, detail.names), [detail.players, detail.names])
  const detailVersion = useRef(detail.version)
  detailVersion.current = detail.version
  const ended = detail.status === "ended"
  const last = Math.max(detail.version, timeline.version)
  const current = at ?? last
  const points = timeline.points
  const analysis = useAnalysis(gameId, ended)
  const analysed = analysis.kind === "ready" ? analysis.analysis : null

  // Head of the game: detail, timeline and audit, re-read (at most every 400 ms) as events arrive.
  const refreshing = useRef<ReturnType<typeof setTimeout> | null>(null)
  const auditStatus = useRef(initialAudit?.status ?? null)
  const refresh = useCallback(() => {
    if (refreshing.current !== null) return
    refreshing.current = setTimeout(async () => {
      const [d, t] = await Promise.all([
        fromBrowser((c) => c.games.getGame({ params: { gameId }, query: {} })),
        fromBrowser((c) => c.games.timeline({ params: { gameId }, query: {} })),
      ])
      refreshing.current = null
      if (d.kind === "ok" && t.kind === "ok") {
        setDetail(d.value)
        setTimeline(t.value)
        setDown(null)
        if (auditStatus.current !== "ended") {
          const a = await fromBrowser((c) => c.games.audit({ params: { gameId }, query: {} }))
          if (a.kind === "ok") {
            auditStatus.current = a.value.status
            setAudit(a.value)
          }
        }
      } else setDown(d.kind !== "ok" ? d.message : t.kind !== "ok" ? t.message : "")
    }, 400)
  }, [gameId])

  // The event log and live updates: the game's SSE stream through the typed protocol reader.
  useEffect(() => {
    let pending: ViewedEnvelope[] = []
    let flush: ReturnType<typeof setTimeout> | null = null
    const onMessage = (m: GameStreamMessage) => {
      if (m.type === "event") {
        pending.push(m.envelope)
        flush ??= setTimeout(() => {
          const batch = pending
          pending = []
          flush = null
          setEvents((old) => {
            const known = old.length === 0 ? 0 : (old[old.length - 1] as ViewedEnvelope).version
            const fresh = batch.filter((e) => e.version > known)
            return fresh.length === 0 ? old : [...old, ...fresh]
          })
        }, 60)
      }
      if (m.type !== "ready") refresh()
    }
    const fiber = Effect.runFork(
      Stream.runForEach(watchGame({ baseUrl: origin(), gameId, after: 0 }), (m) =>
        Effect.sync(() => onMessage(m)),
      ).pipe(
        Effect.catch((e: { readonly _tag: string; readonly message?: unknown }) =>
          Effect.sync(() => setStreamProblem(typeof e.message === "string" ? e.message : e._tag)),
        ),
        Effect.provide(FetchHttpClient.layer),
      ),
    )
    return () => {
      if (flush !== null) clearTimeout(flush)
      Effect.runFork(Fiber.interrupt(fiber))
    }
  }, [gameId, refresh])

  // While the server is unreachable, keep trying.
  useEffect(() => {
    if (down === null) return
    const timer = setInterval(refresh, 3_000)
    return () => clearInterval(timer)
  }, [down, refresh])

  // A live game's heartbeat: a quiet game and a dead server look alike from the stream (it reconnects on
  // its own, resuming with Last-Event-ID), so ask the server every few seconds and say when it is gone.
  useEffect(() => {
    if (ended) return
    const timer = setInterval(async () => {
      const r = await fromBrowser((c) => c.games.getGame({ params: { gameId }, query: {} }))
      if (r.kind === "down") setDown(r.message)
      else if (r.kind === "ok") {
        setDown(null)
        if (r.value.version !== detailVersion.current || r.value.status === "ended") refresh()
      }
    }, 4_000)
    return () => clearInterval(timer)
  }, [ended, gameId, refresh])

  // Once the game has ended its events are all public: fold them here, from the stream's copy when it holds
  // them all unredacted (it does unless the game ended while watched), else read afresh. Never before the
  // end: a live or delayed game's positions come only from the server, which sends a spectator nothing more.
  useEffect(() => {
    if (!ended || folding.current) return
    const complete = events.length >= last && events[events.length - 1]?.type === "GameEnded"
    const whole = complete && events.every((e) => !e.redacted)
    if (!complete && streamProblem === null) return
    folding.current = true
    void loadLocalPositions(gameId, detail.seats, whole ? events : null, renderer?.game).then((positions) => {
      if (positions !== null && positions.last === last) setLocal(positions)
    })
  }, [ended, events, last, streamProblem, gameId, detail.seats, renderer])

  // A position folded here, in the same render as the step that asked for it.
  const localShown = useMemo((): Shown | null => {
    if (local === null || (at === null && as === null)) return null
    const version = at ?? last
    return version <= local.last ? { version, as, view: local.viewAt(version, as) } : null
  }, [local, at, as, last])
  // A position fetched ahead, likewise shown in the render of the step, not one later.
  const cachedView =
    localShown === null && (at !== null || as !== null)
      ? views.current.get(`${at ?? last}|${as ?? ""}`)
      : undefined
  const display =
    localShown ?? (cachedView === undefined ? shown : { version: at ?? last, as, view: cachedView })

  // The view at the position shown: the head's own when following live, else from view?at (cached).
  useEffect(() => {
    if (localShown !== null) return
    if (at === null && as === null) {
      setShown({ version: detail.version, as: null, view: detail.view })
      return
    }
    const version = at ?? last
    const cached = views.current.get(`${version}|${as ?? ""}`)
    if (cached !== undefined) {
      setShown({ version, as, view: cached })
      return
    }
    let stale = false
    void fetchView(views.current, fetching.current, gameId, version, as).then((r) => {
      if (stale) return
      if (r.kind === "ok") {
        setShown({ version, as, view: r.value })
        setDown(null)
      } else if (r.kind === "down") setDown(r.message)
    })
    return () => {
      stale = true
    }
  }, [at, as, detail, last, gameId, localShown])

  // Stepping away from the head of a game not folded here: the next and previous few positions are asked
  // for ahead, so a step usually finds its view in the cache. Only positions the server lets this spectator
  // see (at most `last`), through the same view?at= as any step.
  useEffect(() => {
    if (localShown !== null || at === null) return
    const timer = setTimeout(() => {
      for (const version of neighbours(at, last))
        if (!views.current.has(`${version}|${as ?? ""}`))
          void fetchView(views.current, fetching.current, gameId, version, as)
    }, 0)
    return () => clearTimeout(timer)
  }, [at, as, last, gameId, localShown])

  // Every position has its URL.
  useEffect(() => {
    const url = urlFor(at, as)
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(null, "", url)
  }, [at, as])

  // The tab's title names the game, its players and the position shown.
  useEffect(() => {
    document.title = pageTitle(title, seats, current)
  }, [title, seats, current])

  // The confirmation of "Copy link" shows for a moment.
  useEffect(() => {
    if (copied === null) return
    const timer = setTimeout(() => setCopied(null), 2_500)
    return () => clearTimeout(timer)
  }, [copied])

  const copyLink = () => {
    const url = `${window.location.origin}${urlFor(at, as)}`
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

  const goTo = useCallback(
    (version: number) => {
      const v = Math.min(last, Math.max(1, Math.round(version)))
      setAt(!ended && v >= last ? null : v)
    },
    [last, ended],
  )

  // Autoplay: one position at a time, at the recorded pace or a fixed one; stops at the end.
  useEffect(() => {
    if (autoplay === null) return
    if (current >= last) {
      setAutoplay(null)
      return
    }
    const next = current + 1
    const delay = autoplay === "recorded" ? recordedDelay(points, next) : autoplay
    const timer = setTimeout(() => goTo(next), delay)
    return () => clearTimeout(timer)
  }, [autoplay, current, last, points, goTo])

  // A finished game's mistakes, in words (the page's seat names, the game's own words for commands).
  const mistakes = useMemo(
    () =>
      analysed === null
        ? []
        : mistakeNotes(
            analysed.mistakes,
            (s) => seatName(seats, s),
            (command) => describeCommandWith(renderer, command, seats),
          ),
    [analysed, seats, renderer],
  )
  const mistakeStops = useMemo(() => mistakeVersions(mistakes), [mistakes])
  const mistakesByEvent = useMemo(() => notesByEvent(mistakes), [mistakes])
  const mistakeAfter = nextMistake(mistakeStops, current)
  const mistakeBefore = previousMistake(mistakeStops, current)

  // The keyboard: ←/→ step, Home/End, ↑/↓ by round, space plays and pauses, m/M to the next/previous mistake.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || keysTakenBy(e.target)) return
      const act: Record<string, () => void> = {
        ArrowLeft: () => goTo(current - 1),
        ArrowRight: () => goTo(current + 1),
        Home: () => goTo(1),
        End: () => goTo(last),
        ArrowUp: () => goTo(previousRound(points, current)),
        ArrowDown: () => goTo(nextRound(points, current)),
        " ": () => setAutoplay((a) => (a === null ? "recorded" : null)),
      }
      // Only a game with mistakes takes the m key (Shift+M, or M with caps lock, goes back).
      if (mistakeStops.length > 0) {
        act.m = () => goTo(nextMistake(mistakeStops, current) ?? current)
        act.M = () => goTo(previousMistake(mistakeStops, current) ?? current)
      }
      const action = act[e.key]
      if (action === undefined) return
      e.preventDefault()
      if (e.key !== " ") setAutoplay(null)
      action()
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [current, last, points, goTo, mistakeStops])

  useEffect(() => setInteractive(true), [])

  const swings = useMemo(
    () => swingList(points, (s) => seatName(seats, s), timeline.scoreLabel),
    [points, seats, timeline.scoreLabel],
  )
  // Computed once per game, not per step: every step re-renders this screen.
  const swingVersions = useMemo(() => swings.map((w) => w.version), [swings])
  const swing = nextSwing(swingVersions, current)
  const swingBefore = previousSwing(swingVersions, current)
  const point = points.find((p) => p.version === current) ?? points[points.length - 1]
  const visibleEvents = useMemo(() => events.filter((e) => e.version <= last), [events, last])
  const eventHere = visibleEvents.find((e) => e.version === current)
  const highlight = eventHere ? { places: placesWith(renderer, eventHere) } : undefined
  const following = at === null && as === null
  const showChances = chart === "chances" && analysed !== null
  const roundOf = (version: number) => {
    const round = points.find((p) => p.version === version)?.round
    return round === undefined ? "" : ` · round ${round}`
  }
  const policy = detail.spectators

  return (
    <div
      data-testid="game-screen"
      data-version={display?.version ?? ""}
      data-positions={local === null ? "server" : "local"}
      data-status={detail.status}
      data-interactive={interactive}
    >
      <div className="game-head">
        <h1>{title}</h1>
        <span className={`status status-${detail.status}`}>{ended ? "finished" : "live"}</span>
        <span className="muted">{gameId}</span>
        <Link href={`/play?game=${encodeURIComponent(detail.game)}`} data-testid="play-this">
          Play this game yourself
        </Link>
      </div>
      <ConnectionBanners
        down={Boolean(down)}
        streamProblem={streamProblem}
        retrying="Retrying every 3 s; the game resumes where it stopped."
      />
      {!ended && policy.mode === "delayed" ? (
        <div className="banner banner-info" role="note" data-testid="delay-note">
          Spectators watch this game {policy.events} events behind the players; everything shows once it ends.
        </div>
      ) : null}
      {ended && detail.outcome ? (
        <div className="banner banner-info" role="note" data-testid="outcome">
          <strong>Game over.</strong>{" "}
          {seats
            .filter((s) => detail.outcome?.ranks[s.seat] === 1)
            .map((s) => s.name)
            .join(" and ")}{" "}
          won with {detail.outcome.scores[detail.outcome.ranks.indexOf(1)]} ({timeline.scoreLabel}).
        </div>
      ) : null}

      <div className="game-layout" data-pane-shown={pane}>
        <div>
          <div className="controls" role="toolbar" aria-label="Replay controls">
            <button type="button" onClick={() => goTo(1)} aria-label="First position (Home)">
              |◀
            </button>
            <button
              type="button"
              onClick={() => goTo(previousRound(points, current))}
              aria-label="Previous round (↑)"
            >
              ◀◀
            </button>
            <button type="button" onClick={() => goTo(current - 1)} aria-label="Step back (←)">
              ◀
            </button>
            <button
              type="button"
              aria-pressed={autoplay !== null}
              onClick={() => setAutoplay((a) => (a === null ? "recorded" : null))}
              aria-keyshortcuts="Space"
              title="Autoplay (space)"
              data-testid="autoplay"
            >
              {/* The name is the label seen ("Play"), without the symbol. */}
              <span aria-hidden="true">{autoplay === null ? "▶" : "⏸"}</span>{" "}
              {autoplay === null ? "Play" : "Pause"}
            </button>
            <button type="button" onClick={() => goTo(current + 1)} aria-label="Step forward (→)">
              ▶
            </button>
            <button
              type="button"
              onClick={() => goTo(nextRound(points, current))}
              aria-label="Next round (↓)"
            >
              ▶▶
            </button>
            <button type="button" onClick={() => goTo(last)} aria-label="Last position (End)">
              ▶|
            </button>
            <label className="muted">
              pace{" "}
              <select
                value={autoplay === null || autoplay === "recorded" ? "recorded" : String(autoplay)}
                onChange={(e) =>
                  setAutoplay(e.target.value === "recorded" ? "recorded" : Number(e.target.value))
                }
                aria-label="Autoplay pace"
              >
                <option value="recorded">as played</option>
                <option value="1000">1 per second</option>
                <option value="400">fast</option>
                <option value="120">very fast</option>
              </select>
            </label>
            <button
              type="button"
              disabled={swingBefore === null}
              onClick={() => swingBefore !== null && goTo(swingBefore)}
              data-testid="previous-swing"
            >
              Previous swing
            </button>
            <button
              type="button"
              disabled={swing === null}
              onClick={() => swing !== null && goTo(swing)}
              data-testid="next-swing"
            >
              Next swing
            </button>
            {mistakeStops.length > 0 ? (
              <>
                <button
                  type="button"
                  disabled={mistakeBefore === null}
                  onClick={() => mistakeBefore !== null && goTo(mistakeBefore)}
                  aria-keyshortcuts="Shift+M"
                  data-testid="previous-mistake"
                >
                  Previous mistake
                </button>
                <button
                  type="button"
                  disabled={mistakeAfter === null}
                  onClick={() => mistakeAfter !== null && goTo(mistakeAfter)}
                  aria-keyshortcuts="M"
                  data-testid="next-mistake"
                >
                  Next mistake
                </button>
              </>
            ) : null}
            {!ended ? (
              <button
                type="button"
                aria-pressed={following}
                onClick={() => setAt(null)}
                data-testid="follow-live"
              >
                {following ? "● Following live" : "Back to live"}
              </button>
            ) : null}
          </div>
          <input
            className="scrubber"
            type="range"
            min={1}
            max={Math.max(1, last)}
            value={current}
            onChange={(e) => goTo(Number(e.target.value))}
            aria-label="Position in the game"
            aria-valuetext={`position ${current} of ${last}`}
            data-testid="scrubber"
          />
          <div className="controls">
            <span className="position" data-testid="position">
              Position {current} of {last}
              {point ? ` · round ${point.round}` : ""}
            </span>
            <span className="keys">
              <kbd>←</kbd>/<kbd>→</kbd> step · <kbd>↑</kbd>/<kbd>↓</kbd> round · <kbd>Home</kbd>/
              <kbd>End</kbd> · <kbd>space</kbd> play
              {mistakeStops.length > 0 ? (
                <>
                  {" "}
                  · <kbd>m</kbd>/<kbd>M</kbd> mistake
                </>
              ) : null}
            </span>
            <button type="button" onClick={copyLink} data-testid="copy-link">
              Copy link
            </button>
            <span role="status" className="copied" data-testid="copy-status">
              {copied === "copied"
                ? "Link copied"
                : copied === "failed"
                  ? "Could not copy: the address bar has the link"
                  : ""}
            </span>
            {ended ? (
              <label className="muted">
                Perspective{" "}
                <select
                  value={as === null ? "" : String(as)}
                  onChange={(e) => setAs(e.target.value === "" ? null : Number(e.target.value))}
                  data-testid="perspective"
                >
                  <option value="">everything (revealed after the end)</option>
                  {seats.map((s) => (
                    <option key={s.seat} value={s.seat}>
                      as {s.name} saw it
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          {/* A phone shows one of these at a time; a wide screen all of them, side by side. */}
          <fieldset className="panes">
            <legend className="visually-hidden">Show on this screen</legend>
            {(
              [
                ["board", "Board"],
                ["chart", "Chart"],
                ["log", "Standings & log"],
              ] as const
            ).map(([key, label]) => (
              <button
                key={key}
                type="button"
                aria-pressed={pane === key}
                onClick={() => setPane(key)}
                data-testid={`pane-${key}`}
              >
                {label}
              </button>
            ))}
          </fieldset>
          <div data-pane="board">
            {/* The board's panels are headed h3: this keeps the page's headings in order. */}
            <h2 className="visually-hidden">Board</h2>
            {display ? (
              <RendererBoard
                renderer={renderer}
                game={game}
                title={title}
                view={display.view}
                seats={seats}
                highlight={highlight}
              />
            ) : (
              <p className="muted">Loading the board…</p>
            )}
          </div>
        </div>
        <div className="side">
          <section
            className="panel"
            aria-label={showChances ? "Win chance over time" : "Score over time"}
            data-pane="chart"
          >
            {showChances ? (
              <h2>win chance over time</h2>
            ) : (
              <h2>
                {measure === "score" ? timeline.scoreLabel : "money"} over time{" "}
                <button type="button" aria-pressed={measure === "score"} onClick={() => setMeasure("score")}>
                  score
                </button>{" "}
                {timeline.scoreLabel !== "money" &&
                points.some((p) => p.standings.some((s) => s.money !== null)) ? (
                  <button
                    type="button"
                    aria-pressed={measure === "money"}
                    onClick={() => setMeasure("money")}
                  >
                    money
                  </button>
                ) : null}
              </h2>
            )}
            {analysed !== null ? (
              <fieldset className="chart-choice">
                <legend className="visually-hidden">The chart shows</legend>
                <button
                  type="button"
                  aria-pressed={!showChances}
                  onClick={() => setChart("scores")}
                  data-testid="chart-scores"
                >
                  Scores
                </button>
                <button
                  type="button"
                  aria-pressed={showChances}
                  onClick={() => setChart("chances")}
                  data-testid="chart-chances"
                >
                  Win chances
                </button>
              </fieldset>
            ) : null}
            {showChances && analysed !== null ? (
              <WinChanceChart
                points={points}
                positions={analysed.positions}
                seats={seats}
                notes={mistakes}
                at={current}
                onJump={goTo}
              />
            ) : (
              <ScoreChart
                points={points}
                seats={seats}
                measure={measure}
                scoreLabel={timeline.scoreLabel}
                at={current}
                swings={swingVersions}
                onJump={goTo}
              />
            )}
            {analysis.kind === "pending" ? (
              <p className="muted analysis-progress" data-testid="analysis-progress">
                {analysis.text}
              </p>
            ) : null}
            {swings.length > 0 ? (
              <details className="swings" data-testid="swings">
                <summary>
                  {swings.length} big swing{swings.length === 1 ? "" : "s"}
                </summary>
                <ol>
                  {swings.map((w) => (
                    <li key={w.version}>
                      <button
                        type="button"
                        className="linkish"
                        aria-current={w.version === current ? "step" : undefined}
                        onClick={() => goTo(w.version)}
                      >
                        Move {w.version} · round {w.round}
                      </button>{" "}
                      {w.text}
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
            {analysed !== null ? (
              mistakes.length > 0 ? (
                <details className="swings" data-testid="mistakes">
                  <summary>
                    {mistakes.length} mistake{mistakes.length === 1 ? "" : "s"}
                  </summary>
                  <ol>
                    {mistakes.map((m) => (
                      <li key={`${m.version}-${m.seat}`}>
                        <button
                          type="button"
                          className="linkish"
                          aria-current={m.version === current ? "step" : undefined}
                          onClick={() => goTo(m.version)}
                        >
                          Move {m.version}
                          {roundOf(m.version)}
                        </button>{" "}
                        {m.text}
                      </li>
                    ))}
                  </ol>
                </details>
              ) : (
                <p className="muted analysis-progress" data-testid="mistakes">
                  The analysis found no mistakes.
                </p>
              )
            ) : null}
          </section>
          <div className="side-stack" data-pane="log">
            <Standings
              point={point}
              seats={seats}
              scoreLabel={timeline.scoreLabel}
              owing={following && !ended ? detail.pending : []}
              clocks={following && !ended ? detail.clocks : []}
              clocked={detail.decisionMs !== null}
            />
            {audit ? <AuditBadge audit={audit} /> : null}
            <EventLog
              renderer={renderer}
              events={visibleEvents}
              seats={seats}
              at={current}
              onJump={goTo}
              notes={mistakesByEvent}
            />
          </div>
        </div>
      </div>
    </div>
  )
}
