import {
  type AnalysisSettings,
  analysisKey,
  analysisSettingsWithRollouts,
  defaultAnalysisSettings,
} from "@boroughs/core"
import { describe, expect, it } from "vitest"
import { analysisFromEnv } from "./settingsFromEnv.js"

describe("the analysis settings from the environment", () => {
  it("are the defaults when nothing is set, and none with BOROUGHS_ANALYSIS=off", () => {
    expect(analysisFromEnv({})).toEqual(defaultAnalysisSettings)
    expect(analysisFromEnv({ BOROUGHS_ANALYSIS: "on", BOROUGHS_ANALYSIS_ROLLOUTS: "" })).toEqual(
      defaultAnalysisSettings,
    )
    expect(analysisFromEnv({ BOROUGHS_ANALYSIS: "off", BOROUGHS_ANALYSIS_ROLLOUTS: "64" })).toBe(false)
  })

  it("take BOROUGHS_ANALYSIS_ROLLOUTS per position, the rest of the budget scaled alike: a new key", () => {
    const few = analysisFromEnv({ BOROUGHS_ANALYSIS_ROLLOUTS: "4" })
    // What the CLI's --rollouts 4 means too: the same settings, the same key.
    expect(few).toEqual(analysisSettingsWithRollouts(4))
    expect(few).toMatchObject({ rollouts: 4, minimumRollouts: 4 })
    expect(analysisKey(few as AnalysisSettings)).not.toBe(analysisKey(defaultAnalysisSettings))
    expect(analysisFromEnv({ BOROUGHS_ANALYSIS_ROLLOUTS: "256" })).toMatchObject({ rollouts: 256 })
    // The defaults' own count is the defaults: the same key, so nothing is analysed again.
    expect(analysisFromEnv({ BOROUGHS_ANALYSIS_ROLLOUTS: String(defaultAnalysisSettings.rollouts) })).toEqual(
      defaultAnalysisSettings,
    )
  })

  it("refuse what they do not understand, naming the variable and the value", () => {
    expect(() => analysisFromEnv({ BOROUGHS_ANALYSIS: "maybe" })).toThrow(
      'BOROUGHS_ANALYSIS must be "on" or "off", not "maybe"',
    )
    for (const bad of ["0", "-1", "1.5", "many", "10001", "0x10"])
      expect(() => analysisFromEnv({ BOROUGHS_ANALYSIS_ROLLOUTS: bad })).toThrow(
        `BOROUGHS_ANALYSIS_ROLLOUTS must be a whole number from 1 to 10000 (rollouts per position), not "${bad}"`,
      )
  })
})
