import type { Reporter } from "vitest/reporters"

export declare const ciRetry: { retry?: number; reporters?: ("default" | Reporter)[] }
