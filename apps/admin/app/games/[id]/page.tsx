"use client"
import { Clock, GameBoard, pageTitle, SeatLegend, seatInfos } from "@boroughs/board-ui"
import { findGame } from "@boroughs/core"
import type { GameActionRequest, GameDetail, OrganiserGameView, ViewedEnvelope } from "@boroughs/protocol"
import Link from "next/link"
import { useParams } from "next/navigation"
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react"
import { AdjudicationForm } from "@/components/AdjudicationForm"
import { ConfirmDialog } from "@/components/ConfirmDialog"
import { Guard } from "@/components/Guard"
import { Trail } from "@/components/Trail"
import { api, messageOf } from "@/lib/api"
import { useLiveRefresh } from "@/lib/useLiveRefresh"
import { usePolling } from "@/lib/usePolling"

/** The organiser's view lists the game's stored events; the API leaves their shape to the envelope. */
type ShownEvent = Pick<ViewedEnvelope, "version" | "type" | "data" | "metadata">

/** An action waiting for the organiser's confirmation, with what it will do in words. */
interface PendingAction {
  readonly title: string
  readonly consequence: ReactNode
  readonly confirmLabel: string
  readonly danger: boolean
  readonly action: GameActionRequest["action"]
}

/**
 * The spectator site's game page. Its address is NEXT_PUBLIC_SPECTATOR_URL (read when the app is built);
 * without it, the same host on port 3000, where `boroughs start` serves the spectator site.
 */
const publicBoardOf = (gameId: string): string => {
  const configured = process.env.NEXT_PUBLIC_SPECTATOR_URL?.replace(/\/+$/, "")
  const base = configured || `${window.location.protocol}//${window.location.hostname}:3000`
  return `${base}/games/${encodeURIComponent(gameId)}`
}

export default function GamePage() {
  return (
    <Guard>
      <Game />
    </Guard>
  )
}

/**
 * One game with everything revealed (but the seed, until the end), drawn on the spectator site's board and
 * kept live from the game's stream; opening it is recorded as an audit event.
 */
function Game() {
  const { id } = useParams<{ id: string }>()
  const [game, setGame] = useState<typeof OrganiserGameView.Type | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState<PendingAction | null>(null)
  const [seat, setSeat] = useState(0)
  const [holder, setHolder] = useState("builtin:random")
  const [note, setNote] = useState("")
  const [noteVersion, setNoteVersion] = useState(1)
  const trail = usePolling((client) => client.tournaments.gameTrail({ params: { gameId: id } }), 0, [id])
  // The game as the organiser reads it through the public route: the whole view, each seat's name and clock.
  const [detail, setDetail] = useState<GameDetail | null>(null)
  const loadDetail = useCallback(
    () =>
      api((client) => client.games.getGame({ params: { gameId: id }, query: {} })).then(
        (d) => {
          setDetail(d)
          return d
        },
        (e) => {
          setError(messageOf(e))
          return null
        },
      ),
    [id],
  )
  const load = () =>
    api((client) => client.tournaments.organiserGameView({ params: { gameId: id } }))
      .then((g) => {
        setGame(g)
        void trail.reload()
      })
      .catch((e) => setError(messageOf(e)))
  useEffect(() => {
    void load()
    void loadDetail()
  }, [id])
  // Live: the board and clocks follow every move; the organiser's record (events, pauses) every few seconds.
  const lastFull = useRef(0)
  useLiveRefresh(id, game !== null && !game.ended, detail?.version ?? game?.version ?? 0, () => {
    void loadDetail().then((d) => {
      if (d?.status === "ended" || Date.now() - lastFull.current > 2_000) {
        lastFull.current = Date.now()
        void load()
      }
    })
  })
  const registered = game === null ? undefined : findGame(game.game)
  const title = registered?.game.title ?? game?.game ?? "Game"
  const seatInfo = seatInfos(game?.players ?? detail?.players ?? [], detail?.names ?? [])
  useEffect(() => {
    // Once the seats' names are in (they come with the game's own route): a title of holders would flicker.
    if (game !== null && detail !== null) document.title = `${pageTitle(title, seatInfo)} · Boroughs admin`
  })
  /** Sends a confirmed action; a refusal is thrown for the dialog to show. */
  const act = async (action: GameActionRequest["action"], reason: string) => {
    setError(null)
    try {
      await api((client) =>
        client.tournaments.gameAction({ params: { gameId: id }, payload: { action, reason } }),
      )
    } catch (e) {
      throw new Error(messageOf(e))
    }
    setPending(null)
    await Promise.all([load(), loadDetail()])
  }
  if (!game) return error ? <p className="error">{error}</p> : <p className="muted">Loading…</p>
  const seats = game.players.map((_, i) => i)
  const names = detail?.names ?? []
  // Seats are numbered from 1 here, as on the spectator site; the API counts them from 0.
  const seatName = (s: number) => {
    const holder = game.players[s]
    const name = names[s] ? ` ${names[s]}` : ""
    return holder ? `Seat ${s + 1}${name} (${holder})` : `Seat ${s + 1}${name}`
  }
  const clockOf = (s: number) => (game.ended ? undefined : detail?.clocks.find((c) => c.seat === s))
  const owes = (s: number) => !game.ended && (detail?.pending ?? []).includes(s)
  return (
    <>
      <h1>
        {title} <span className="mono">{game.gameId}</span>{" "}
        <span className={`badge ${game.ended ? "ended" : game.paused ? "paused" : "running"}`}>
          {game.ended ? "ended" : game.paused ? "paused" : "live"}
        </span>
      </h1>
      <p className="muted">
        version {detail?.version ?? game.version} · this view was recorded as{" "}
        <span className="mono">
          {game.recordedAs.stream} v{game.recordedAs.version}
        </span>{" "}
        (one record covers your looks at this game for ten minutes) ·{" "}
        <a href={publicBoardOf(game.gameId)} target="_blank" rel="noopener noreferrer">
          Open the public board
        </a>
      </p>
      <div className="board-layout">
        <section className="card board-card" aria-labelledby="board-heading" data-testid="organiser-board">
          <h2 id="board-heading">
            The board, everything shown{" "}
            <span className="muted" style={{ fontWeight: 400 }}>
              · {game.ended ? "final position" : "live"} · move{" "}
              <span data-testid="board-version">{detail?.version ?? game.version}</span>
            </span>
          </h2>
          <SeatLegend seats={seatInfo} />
          <GameBoard game={game.game} view={detail?.view ?? game.view} seats={seatInfo} />
          <details>
            <summary>The view as data (JSON)</summary>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab to scroll it */}
            <pre className="report" style={{ maxHeight: 380 }} tabIndex={0}>
              {JSON.stringify(detail?.view ?? game.view, null, 1)}
            </pre>
          </details>
        </section>
        <section className="card">
          <h2>Seats</h2>
          <div className="table-scroll">
            <table>
              <tbody>
                {game.players.map((p, i) => {
                  const clock = clockOf(i)
                  return (
                    <tr key={`seat-${i}`} data-testid="seat-row">
                      <td>Seat {i + 1}</td>
                      <td>{seatInfo[i]?.name ?? null}</td>
                      <td className="mono">{p ?? "nobody"}</td>
                      <td>
                        {game.forfeited.includes(i) ? (
                          <span className="bad">forfeited</span>
                        ) : owes(i) ? (
                          <span>
                            to move{clock ? " · " : ""}
                            {clock ? <Clock seat={i} deadline={clock.deadline} /> : null}
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <h2 style={{ marginTop: "1rem" }}>Organiser actions</h2>
          <p className="muted">Each action asks for confirmation and a reason, recorded with it.</p>
          {!game.ended && (
            <div className="actions" style={{ marginBottom: "0.6rem" }}>
              <button
                type="button"
                className="secondary"
                onClick={() =>
                  setPending(
                    game.paused
                      ? {
                          title: "Resume the game?",
                          consequence: "The game resumes: the seats owing a decision can move again.",
                          confirmLabel: "Resume",
                          danger: false,
                          action: { type: "ResumeGame" },
                        }
                      : {
                          title: "Pause the game?",
                          consequence:
                            "The game pauses: no seat can move until an organiser resumes it (an adjudication can still end it).",
                          confirmLabel: "Pause",
                          danger: false,
                          action: { type: "PauseGame" },
                        },
                  )
                }
              >
                {game.paused ? "Resume" : "Pause"}
              </button>
            </div>
          )}
          {!game.ended && (
            <div className="row">
              <label>
                Seat
                <select value={seat} onChange={(e) => setSeat(Number(e.target.value))}>
                  {seats.map((s) => (
                    <option key={s} value={s}>
                      {seatName(s)}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="danger"
                onClick={() =>
                  setPending({
                    title: `Forfeit ${seatName(seat)}?`,
                    consequence: `${seatName(seat)} forfeits: the server plays its default moves for the rest of the game.`,
                    confirmLabel: "Forfeit",
                    danger: true,
                    action: { type: "ForfeitSeat", seat },
                  })
                }
              >
                Forfeit seat…
              </button>
              <label>
                New holder
                <input value={holder} onChange={(e) => setHolder(e.target.value)} />
              </label>
              <button
                type="button"
                className="secondary"
                disabled={holder.trim() === ""}
                onClick={() =>
                  setPending({
                    title: `Replace ${seatName(seat)}?`,
                    consequence: `${seatName(seat)} is handed to ${holder.trim()}, which makes its decisions from now on.`,
                    confirmLabel: "Replace",
                    danger: false,
                    action: { type: "ReplaceSeat", seat, holder: holder.trim() },
                  })
                }
              >
                Replace seat…
              </button>
            </div>
          )}
          <div className="row">
            <label style={{ flex: "0 1 90px" }}>
              Version
              <input
                type="number"
                min={1}
                max={game.version}
                value={noteVersion}
                onChange={(e) => setNoteVersion(Number(e.target.value))}
              />
            </label>
            <label>
              Note (organisers only until the end)
              <input value={note} onChange={(e) => setNote(e.target.value)} />
            </label>
            <button
              type="button"
              className="secondary"
              disabled={note.trim() === ""}
              onClick={() =>
                setPending({
                  title: `Annotate event v${noteVersion}?`,
                  consequence: `The note is added to the game's record on event v${noteVersion}, seen by organisers only until the game ends.`,
                  confirmLabel: "Annotate",
                  danger: false,
                  action: { type: "AnnotateEvent", version: noteVersion, note },
                })
              }
            >
              Annotate…
            </button>
          </div>
          {!game.ended && (
            <AdjudicationForm
              seatNames={seats.map(seatName)}
              view={game.view}
              onAdjudicate={(ranks, scores) =>
                setPending({
                  title: "End the game by adjudication?",
                  consequence: (
                    <>
                      <p>The game ends now with this result, which cannot be undone:</p>
                      <ul>
                        {seats.map((s) => (
                          <li key={s}>
                            {seatName(s)}: rank {ranks[s]}, score {scores[s]}
                          </li>
                        ))}
                      </ul>
                    </>
                  ),
                  confirmLabel: "End the game",
                  danger: true,
                  action: { type: "Adjudicate", ranks, scores },
                })
              }
            />
          )}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          {pending && (
            <ConfirmDialog
              title={pending.title}
              consequence={pending.consequence}
              confirmLabel={pending.confirmLabel}
              danger={pending.danger}
              onConfirm={(reason) => act(pending.action, reason)}
              onCancel={() => setPending(null)}
            />
          )}
        </section>
      </div>
      <section className="card">
        <h2>Action trail</h2>
        <Trail rows={trail.data?.entries ?? []} />
      </section>
      <section className="card">
        <h2>Events ({game.events.length})</h2>
        <div className="table-scroll">
          <table>
            <tbody>
              {(game.events as ReadonlyArray<ShownEvent>).slice(-40).map((e) => (
                <tr key={e.version}>
                  <td className="num">{e.version}</td>
                  <td>{e.type}</td>
                  <td className="muted">{String(e.metadata.actor ?? "")}</td>
                  <td className="mono">{JSON.stringify(e.data).slice(0, 140)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">
          The last 40 events. <Link href="/tournaments">Back to tournaments</Link>
        </p>
      </section>
    </>
  )
}
