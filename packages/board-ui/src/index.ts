// Everything of the board UI: the registry-free kit, and on top of it every game's renderer by id.
export { GameBoard, type GameBoardProps, viewProblem } from "./GameBoard.js"
export { DowntownBoard } from "./games/downtown/index.js"
export { ManhattanBoard } from "./games/manhattan/index.js"
export { SuburbiaBoard } from "./games/suburbia/index.js"
export { UptownBoard } from "./games/uptown/index.js"
export * from "./kit.js"
export { narrate, narrateSpecific, placesOf } from "./narrate.js"
export { rendererFor, renderers } from "./registry.js"
