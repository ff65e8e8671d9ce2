/**
 * The registered games' ids, for help texts: `--help` must not load the five rules engines to list them.
 * A test keeps this list equal to `gameIds()` of `@boroughs/core`.
 */
export const GAME_IDS: ReadonlyArray<string> = ["downtown", "manhattan", "suburbia", "uptown", "urban-sprawl"]
