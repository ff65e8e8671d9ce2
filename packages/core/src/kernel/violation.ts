/**
 * A command the rules refuse. `rule` names the rule broken, `<game>.<topic>.<rule>` (for example
 * `downtown.vote.no-frame-left`), so a client can explain it and a test can pin it.
 */
export interface RuleViolation {
  readonly _tag: "RuleViolation"
  readonly rule: string
  readonly message: string
}

/** Build a RuleViolation. */
export const violation = (rule: string, message: string): RuleViolation => ({
  _tag: "RuleViolation",
  rule,
  message,
})
