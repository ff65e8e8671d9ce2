import { Schema } from "effect"
import type { RuleViolation } from "../../kernel/violation.js"

/**
 * Game options. Uptown has none yet: the rule text fixes everything but the card list, which is ours
 * (cards.ts). An empty struct keeps the kernel's contract and room for variants.
 */
export const Options = Schema.Struct({})
export type Options = typeof Options.Type

/** The options a game uses when none are given. */
export const defaultOptions: Options = {}

/** Any 2–4 seats may play (the kernel checks the seat count): nothing to refuse. */
export const validateSetup = (_options: Options, _seats: number): RuleViolation | null => null
