/**
 * CI's second chance for the suites that drive real servers, browsers and child processes on a loaded
 * two-core machine: a failed test runs once more, and a test that is broken fails both times. The run then
 * names every test that passed only on its retry (the CI log ends with these lines), so a flaky test stays
 * in sight instead of passing quietly. Outside CI nothing changes: a failure is a failure.
 */
class RetriedTests {
  onTestRunEnd(testModules) {
    for (const testModule of testModules)
      for (const testCase of testModule.children.allTests()) {
        const retries = testCase.diagnostic()?.retryCount ?? 0
        if (retries === 0) continue
        // The failed attempt's error, which Vitest does not print for a test that passed on its retry.
        const first = testCase.task.result?.errors?.[0]
        const lines = first === undefined ? [] : String(first.message ?? first).split("\n")
        const why = lines.length === 0 ? "" : `: ${lines[0]}`
        console.log(
          `RETRIED ${testModule.relativeModuleId} > ${testCase.fullName} (retry x${retries}, ${testCase.result().state})${why}`,
        )
        // The rest of that message (a test may append logs to it), indented under its line.
        for (const line of lines.slice(1, 80)) console.log(`RETRIED   ${line}`)
      }
  }
}

export const ciRetry = process.env.CI ? { retry: 1, reporters: ["default", new RetriedTests()] } : {}
