import Link from "next/link"

export default function NotFound() {
  return (
    <div className="error-page" data-testid="not-found">
      <h1>No such game</h1>
      <p>
        There is no game at this address. It may have been mistyped, or it was played on another server. Games
        are named by letters, digits, “-” and “_”.
      </p>
      <p>
        <Link href="/">See the live and finished games</Link>
      </p>
    </div>
  )
}
