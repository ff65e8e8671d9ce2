"use client"
import type { IssuedToken } from "@boroughs/protocol"
import { useState } from "react"
import { ConfirmDialog } from "@/components/ConfirmDialog"
import { Guard } from "@/components/Guard"
import { api, messageOf } from "@/lib/api"
import { usePolling } from "@/lib/usePolling"

export default function TokensPage() {
  return (
    <Guard>
      <Tokens />
    </Guard>
  )
}

/** Issue and revoke bot and player tokens; a secret is shown once, when it is issued. */
function Tokens() {
  const list = usePolling((client) => client.tokens.listTokens({ query: {} }), 0)
  const [kind, setKind] = useState<"bot" | "player">("bot")
  const [name, setName] = useState("")
  const [issued, setIssued] = useState<IssuedToken | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [revoking, setRevoking] = useState<{ tokenId: string; holder: string } | null>(null)
  const issue = async (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    try {
      setIssued(await api((client) => client.tokens.createToken({ payload: { kind, name: name.trim() } })))
      setName("")
      await list.reload()
    } catch (e) {
      setError(messageOf(e))
    }
  }
  const revoke = async (tokenId: string) => {
    try {
      await api((client) => client.tokens.revokeToken({ params: { tokenId } }))
    } catch (e) {
      throw new Error(messageOf(e))
    }
    setRevoking(null)
    await list.reload()
  }
  return (
    <>
      <h1>Tokens</h1>
      <section className="card">
        <h2>Issue a token</h2>
        <form onSubmit={issue} className="row">
          <label>
            Kind
            <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
              <option value="bot">bot</option>
              <option value="player">player</option>
            </select>
          </label>
          <label>
            Name (acts for seats held by {kind}:name)
            <input
              name="tokenName"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="alpha"
              required
            />
          </label>
          <button type="submit">Issue</button>
        </form>
        {issued && (
          <div className="key" data-testid="issued">
            Secret for {issued.kind}:{issued.name} — shown once: <span className="mono">{issued.token}</span>
          </div>
        )}
        {error && <p className="error">{error}</p>}
      </section>
      <section className="card">
        <h2>All tokens</h2>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>Holder</th>
                <th>Issued</th>
                <th>Status</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {(list.data?.tokens ?? []).map((t) => (
                <tr key={t.tokenId}>
                  <td>
                    {t.kind}:{t.name}
                  </td>
                  <td className="mono">{t.createdAt.slice(0, 19).replace("T", " ")}</td>
                  <td>
                    {t.revokedAt ? <span className="bad">revoked</span> : <span className="ok">active</span>}
                  </td>
                  <td>
                    {!t.revokedAt && t.kind !== "organiser" && (
                      <button
                        type="button"
                        className="danger"
                        onClick={() => setRevoking({ tokenId: t.tokenId, holder: `${t.kind}:${t.name}` })}
                      >
                        Revoke…
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {revoking && (
        <ConfirmDialog
          title={`Revoke the token of ${revoking.holder}?`}
          consequence={`It stops working at once and cannot be restored: ${revoking.holder} can no longer move in its games (their clocks play for it) until you issue it a new token.`}
          confirmLabel="Revoke"
          danger
          askReason={false}
          onConfirm={() => revoke(revoking.tokenId)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </>
  )
}
