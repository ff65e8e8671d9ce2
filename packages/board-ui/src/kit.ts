// What a page of one game needs from the board UI, without the registry of every game: with the game's
// renderer from `@boroughs/board-ui/games/<id>`, the page's JavaScript carries that game's code alone.
export {
  type ChoiceFilter,
  ChoicePanel,
  type ChoicePanelProps,
  choiceStyles,
} from "./common/ChoicePanel.js"
export { Clock } from "./common/Clock.js"
export {
  type Choice,
  type ChoiceGroup,
  type CommandRefusal,
  choicePlaces,
  choicesOf,
  groupChoices,
  narrowed,
  type PlaceOutcome,
  pickedWords,
  refusalWords,
  rovingIndex,
  selectPlace,
  shortcutIndex,
  typeWords,
} from "./common/choices.js"
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
  CommandDescriber,
  CommandPlaces,
  CommandWords,
  GameRenderer,
  Highlight,
  Names,
  NarratableEvent,
  Narrator,
  PlaceDescriber,
  SeatInfo,
} from "./common/types.js"
export {
  actorOf,
  describeCommandWith,
  describePlaceWith,
  eventFields,
  narrateSpecificWith,
  narrateWith,
  placesOfCommandWith,
  placesWith,
} from "./narration.js"
export { PlayBoard, type PlayBoardProps } from "./PlayBoard.js"
export { RendererBoard, type RendererBoardProps, viewProblemOf } from "./RendererBoard.js"
