export * from "./kernel/index.js"
export * from "./registry.js"
