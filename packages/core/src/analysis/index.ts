export * from "./analyse.js"
export * from "./rollout.js"
export * from "./selfPlay.js"
