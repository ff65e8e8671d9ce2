// What a page of one game needs from the board UI, without the registry of every game: with the game's
// renderer from `@boroughs/board-ui/games/<id>`, the page's JavaScript carries that game's code alone.
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
export { actorOf, eventFields, narrateSpecificWith, narrateWith, placesWith } from "./narration.js"
export { RendererBoard, type RendererBoardProps, viewProblemOf } from "./RendererBoard.js"
