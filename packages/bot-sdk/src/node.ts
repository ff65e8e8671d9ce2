/*
 * What only Node can run, apart from the SDK's main module (which also runs in browsers): bots loaded from a
 * module's path, as `boroughs-bot` and `boroughs arena` name them on their command lines.
 */
export { botsByName, importBot, isBotModulePath } from "./botModule.js"
export { installNodeHasher } from "./nodeHasher.js"
