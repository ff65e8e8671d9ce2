"use client"
import { usePolling } from "@/lib/usePolling"

/** The organiser's Ed25519 public key: the one every round root must be signed with. */
export function SigningKey() {
  const key = usePolling((client) => client.tournaments.signingKey(), 0)
  if (!key.data) return null
  return (
    <div className="key" data-testid="signing-key">
      <div className="muted">
        Round roots are signed with {key.data.algorithm} key <strong>{key.data.keyId}</strong>
      </div>
      <div className="mono">{key.data.publicKey}</div>
    </div>
  )
}
