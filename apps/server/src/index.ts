export type { ServerConfig } from "./config.js"
export { defaultLimits } from "./config.js"
export { hostedGames } from "./games.js"
export { type RunningServer, startServer } from "./Server.js"
