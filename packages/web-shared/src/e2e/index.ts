// The end-to-end harness both Next.js apps' suites share: a real game server, the app's production build
// started against it, and one headless Debian Chromium driven through playwright-core.
export { connectBrowser, newPage, screenshot } from "./browser.js"
export {
  buildNextApp,
  e2eHarness,
  type GameServerOptions,
  newOrganiserToken,
  startNextApp,
} from "./harness.js"
export {
  buildIsStale,
  chromiumArgs,
  chromiumPath,
  freePort,
  launch,
  nextBinOf,
  repoDir,
  serverDir,
  stop,
} from "./processes.js"
