import type { ReactNode } from "react"

/**
 * What a live page says while it cannot follow the game: the game server unreachable (the page retries on
 * its own), or the live stream stopped (the page falls back to asking). `retrying` says how, in the page's
 * own words; the banners themselves read the same on every page.
 */
export function ConnectionBanners({
  down,
  streamProblem,
  retrying,
  fallback,
}: {
  down: boolean
  streamProblem: string | null
  retrying: ReactNode
  fallback?: ReactNode
}) {
  return (
    <>
      {down ? (
        <div className="banner banner-down" role="alert" data-testid="server-down">
          <strong>Lost contact with the game server.</strong> {retrying}
        </div>
      ) : null}
      {streamProblem ? (
        <div className="banner banner-warn" role="alert">
          The live stream stopped: {streamProblem}
          {fallback === undefined ? null : <>. {fallback}</>}
        </div>
      ) : null}
    </>
  )
}
