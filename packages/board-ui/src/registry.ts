import type { GameRenderer } from "./common/types.js"
import { downtownRenderer } from "./games/downtown/index.js"
import { manhattanRenderer } from "./games/manhattan/index.js"
import { suburbiaRenderer } from "./games/suburbia/index.js"
import { uptownRenderer } from "./games/uptown/index.js"
import { urbanSprawlRenderer } from "./games/urban-sprawl/index.js"

/**
 * Every game the board UI can draw. Adding a game = a folder under `src/games/<id>/` exporting a
 * GameRenderer, and one line here.
 */
export const renderers: ReadonlyArray<GameRenderer> = [
  downtownRenderer,
  manhattanRenderer,
  suburbiaRenderer,
  uptownRenderer,
  urbanSprawlRenderer,
]

/** The renderer of a game, or undefined when none exists yet. */
export const rendererFor = (game: string): GameRenderer | undefined => renderers.find((r) => r.id === game)
