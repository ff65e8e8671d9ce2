import { type AnalysisSettings, analysisSettingsWithRollouts, defaultAnalysisSettings } from "@boroughs/core"

/** The most rollouts per position `BOROUGHS_ANALYSIS_ROLLOUTS` may ask for (128, the default: ~14 s a game). */
export const MAX_ANALYSIS_ROLLOUTS = 10_000

/**
 * The analysis settings from the environment: off (`BOROUGHS_ANALYSIS=off`), or the defaults with
 * `BOROUGHS_ANALYSIS_ROLLOUTS` rollouts per position and the rest of the budget scaled alike (core's
 * `analysisSettingsWithRollouts`, which the CLI's `--rollouts` uses too: one number, one key). Throws a message
 * naming the variable and the value when one is not understood.
 */
export const analysisFromEnv = (
  env: Readonly<Record<string, string | undefined>>,
): false | AnalysisSettings => {
  const onOff = env.BOROUGHS_ANALYSIS
  if (onOff === "off") return false
  if (onOff !== undefined && onOff !== "" && onOff !== "on")
    throw new Error(`BOROUGHS_ANALYSIS must be "on" or "off", not ${JSON.stringify(onOff)}`)
  const text = env.BOROUGHS_ANALYSIS_ROLLOUTS
  if (text === undefined || text === "") return defaultAnalysisSettings
  const rollouts = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN
  if (!(rollouts >= 1 && rollouts <= MAX_ANALYSIS_ROLLOUTS))
    throw new Error(
      `BOROUGHS_ANALYSIS_ROLLOUTS must be a whole number from 1 to ${MAX_ANALYSIS_ROLLOUTS} (rollouts per position), not ${JSON.stringify(text)}`,
    )
  return analysisSettingsWithRollouts(rollouts)
}
