"use client"
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react"

/**
 * Asks before an organiser action: says what will happen, asks why (recorded with the action), and acts
 * only on Confirm. A native modal dialog: the page behind is inert (focus stays inside) and Escape cancels.
 * Open while mounted (opening focuses the reason, its first field); the caller unmounts it on cancel or
 * once the action is done.
 */
export function ConfirmDialog({
  title,
  consequence,
  confirmLabel,
  danger = false,
  askReason = true,
  onConfirm,
  onCancel,
}: {
  title: string
  consequence: ReactNode
  confirmLabel: string
  danger?: boolean
  /** Whether the action records a reason (organiser actions on games and tournaments do; tokens and names not). */
  askReason?: boolean
  /** Sends the action with the reason; a rejection's message is shown in the dialog, which stays open. */
  onConfirm: (reason: string) => Promise<void>
  onCancel: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [reason, setReason] = useState("")
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    const d = dialog.current
    if (d !== null && !d.open) d.showModal()
    return () => d?.close()
  }, [])
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (askReason && reason.trim() === "") {
      setProblem("Give a reason: it is recorded with the action.")
      return
    }
    setProblem(null)
    setBusy(true)
    try {
      await onConfirm(reason.trim())
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <dialog
      ref={dialog}
      className="confirm"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-consequence"
      data-testid="confirm-dialog"
      onCancel={(e) => {
        // Escape: leave closing to the caller, which unmounts the dialog.
        e.preventDefault()
        if (!busy) onCancel()
      }}
    >
      <form onSubmit={(e) => void submit(e)}>
        <h2 id="confirm-title">{title}</h2>
        <div id="confirm-consequence" className="consequence">
          {consequence}
        </div>
        {askReason ? (
          <label>
            Reason (recorded with the action)
            <input name="confirm-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
        ) : null}
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        <div className="actions">
          <button type="submit" className={danger ? "danger" : undefined} disabled={busy}>
            {confirmLabel}
          </button>
          <button type="button" className="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  )
}
