"use client"
import type { GameActionRequest, OrganiserGameView, ViewedEnvelope } from "@boroughs/protocol"
import Link from "next/link"
import { useParams } from "next/navigation"
import { useEffect, useState } from "react"
import { Guard } from "@/components/Guard"
import { Trail } from "@/components/Trail"
import { api, messageOf } from "@/lib/api"
import { usePolling } from "@/lib/usePolling"

/** The organiser's view lists the game's stored events; the API leaves their shape to the envelope. */
type ShownEvent = Pick<ViewedEnvelope, "version" | "type" | "data" | "metadata">

export default function GamePage() {
  return (
    <Guard>
      <Game />
    </Guard>
  )
}

/** One game with everything revealed (but the seed, until the end); opening it is recorded as an audit event. */
function Game() {
  const { id } = useParams<{ id: string }>()
  const [game, setGame] = useState<typeof OrganiserGameView.Type | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reason, setReason] = useState("")
  const [seat, setSeat] = useState(0)
  const [holder, setHolder] = useState("builtin:random")
  const [note, setNote] = useState("")
  const [noteVersion, setNoteVersion] = useState(1)
  const trail = usePolling((client) => client.tournaments.gameTrail({ params: { gameId: id } }), 0, [id])
  const load = () =>
    api((client) => client.tournaments.organiserGameView({ params: { gameId: id } }))
      .then((g) => {
        setGame(g)
        void trail.reload()
      })
      .catch((e) => setError(messageOf(e)))
  useEffect(() => {
    void load()
  }, [id])
  const act = async (action: GameActionRequest["action"]) => {
    setError(null)
    try {
      await api((client) =>
        client.tournaments.gameAction({
          params: { gameId: id },
          payload: { action, reason: reason.trim() || "organiser's decision" },
        }),
      )
      await load()
    } catch (e) {
      setError(messageOf(e))
    }
  }
  if (!game) return error ? <p className="error">{error}</p> : <p className="muted">Loading…</p>
  const seats = game.players.map((_, i) => i)
  return (
    <>
      <h1>
        Game <span className="mono">{game.gameId}</span>{" "}
        <span className={`badge ${game.ended ? "ended" : game.paused ? "paused" : "running"}`}>
          {game.ended ? "ended" : game.paused ? "paused" : "live"}
        </span>
      </h1>
      <p className="muted">
        {game.game} · version {game.version} · this view was recorded as{" "}
        <span className="mono">
          {game.recordedAs.stream} v{game.recordedAs.version}
        </span>
      </p>
      <div className="grid2">
        <section className="card">
          <h2>Seats</h2>
          <table>
            <tbody>
              {game.players.map((p, i) => (
                <tr key={`seat-${i}`}>
                  <td>Seat {i}</td>
                  <td>{p ?? "organisers only"}</td>
                  <td>{game.forfeited.includes(i) ? <span className="bad">forfeited</span> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 style={{ marginTop: "1rem" }}>Organiser actions</h2>
          <label>
            Reason (recorded)
            <input
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="why"
            />
          </label>
          {!game.ended && (
            <div className="actions" style={{ marginBottom: "0.6rem" }}>
              <button
                type="button"
                className="secondary"
                onClick={() => void act({ type: game.paused ? "ResumeGame" : "PauseGame" })}
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
                      {s}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="danger"
                onClick={() => void act({ type: "ForfeitSeat", seat })}
              >
                Forfeit seat
              </button>
              <label>
                New holder
                <input value={holder} onChange={(e) => setHolder(e.target.value)} />
              </label>
              <button
                type="button"
                className="secondary"
                onClick={() => void act({ type: "ReplaceSeat", seat, holder })}
              >
                Replace seat
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
              onClick={() => void act({ type: "AnnotateEvent", version: noteVersion, note })}
            >
              Annotate
            </button>
          </div>
          {!game.ended && (
            <div className="actions">
              <button
                type="button"
                className="danger"
                onClick={() =>
                  void act({ type: "Adjudicate", ranks: seats.map((s) => s + 1), scores: seats.map(() => 0) })
                }
              >
                Adjudicate (seat order)
              </button>
            </div>
          )}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
        </section>
        <section className="card">
          <h2>Everything, as organisers see it</h2>
          <pre className="report" style={{ maxHeight: 380 }}>
            {JSON.stringify(game.view, null, 1)}
          </pre>
        </section>
      </div>
      <section className="card">
        <h2>Action trail</h2>
        <Trail rows={trail.data?.entries ?? []} />
      </section>
      <section className="card">
        <h2>Events ({game.events.length})</h2>
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
        <p className="muted">
          The last 40 events. <Link href="/tournaments">Back to tournaments</Link>
        </p>
      </section>
    </>
  )
}
