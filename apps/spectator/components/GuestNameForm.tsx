"use client"

import { useActionState, useState } from "react"
import { type FormState, nameMySeat } from "@/app/play/actions"
import { NameField } from "./NameField"

/** A guest's name for their seat (the invite's name form); a refusal shows under it. */
export function GuestNameForm({ gameId, name }: { gameId: string; name: string }) {
  const [state, submit, pending] = useActionState<FormState, FormData>(nameMySeat, { problem: null })
  const [typed, setTyped] = useState(name)
  return (
    <form action={submit} className="play-form panel" data-testid="name-form">
      <input type="hidden" name="game" value={gameId} />
      <div className="play-fields">
        <NameField value={typed} onChange={setTyped} testId="guest-name" />
      </div>
      <p className="play-problem" role="alert">
        {state.problem ?? ""}
      </p>
      <button type="submit" className="button-primary" disabled={pending} data-testid="take-seat">
        {pending ? "Taking your seat…" : "Take my seat"}
      </button>
    </form>
  )
}
