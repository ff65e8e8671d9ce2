export { Clock } from "./common/Clock.js"
export { formatTimeLeft, isRunningOut, timeLeftMs } from "./common/clock.js"
export { BoxSwatch, Legend, type LegendItem, SeatLegend, seatLegendItems } from "./common/Legend.js"
export { type ChartSeries, LineChart, type LineChartProps } from "./common/LineChart.js"
export { listWords, namesFor, pageTitle, seatInfos, seatName } from "./common/names.js"
export {
  contrastRatio,
  type SeatColour,
  type SeatShape,
  seatColour,
  seatColours,
  ui,
} from "./common/palette.js"
export { SeatMarker, SeatSwatch } from "./common/SeatMarker.js"
export { boardStyles } from "./common/styles.js"
export type {
  BoardProps,
  GameRenderer,
  Highlight,
  Names,
  NarratableEvent,
  Narrator,
  SeatInfo,
} from "./common/types.js"
export { GameBoard, type GameBoardProps, viewProblem } from "./GameBoard.js"
export { DowntownBoard } from "./games/downtown/index.js"
export { ManhattanBoard } from "./games/manhattan/index.js"
export { SuburbiaBoard } from "./games/suburbia/index.js"
export { UptownBoard } from "./games/uptown/index.js"
export { actorOf, eventFields, narrate, narrateSpecific, placesOf } from "./narrate.js"
export { narrateSpecificWith, narrateWith, placesWith } from "./narration.js"
export { RendererBoard, type RendererBoardProps, viewProblemOf } from "./RendererBoard.js"
export { rendererFor, renderers } from "./registry.js"
