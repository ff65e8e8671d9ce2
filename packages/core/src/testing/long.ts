/**
 * Long statistical runs (thousands of seeded games) run outside CI, under `pnpm test:long`, which sets
 * BOROUGHS_TEST_LONG=1. CI runs the same checks on a seeded subset: the first `ci` of the same seeds.
 *
 *   const GAMES = sized(200, 2_000)
 */

// Read through globalThis: core is platform-neutral and its tsconfig loads no Node types.
const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env

/** True under `pnpm test:long` (BOROUGHS_TEST_LONG=1). */
export const LONG = env?.BOROUGHS_TEST_LONG === "1"

/** The count to use: `ci` in CI and the default `vitest run`, `long` under `pnpm test:long`. */
export const sized = (ci: number, long: number): number => (LONG ? long : ci)

/** A count as the test titles write it: 2,000. */
export const count = (n: number): string => n.toLocaleString("en-US")
