export * from "./analysis/index.js"
export * from "./kernel/index.js"
export * from "./registry.js"
