import { ui } from "./palette.js"

/**
 * The one stylesheet of every board: rendered once per GameBoard inside a <style> element, so boards work
 * server-rendered and in any page without a CSS pipeline. Class names carry the `bui-` prefix.
 * Boards sit in a size container: below 720 px of width the side panel moves under the board, and a
 * renderer with a portrait layout (`bui-wide` / `bui-tall`) swaps to it.
 */
export const boardStyles = `
.bui-board { container-type: inline-size; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: ${ui.ink}; line-height: 1.35; }
.bui-board * { box-sizing: border-box; }
.bui-layout { display: grid; grid-template-columns: minmax(0, 1fr) minmax(220px, 300px); gap: 16px; align-items: start; }
.bui-stage { min-width: 0; }
.bui-svg { display: block; width: 100%; height: auto; max-height: 82vh; }
.bui-side { display: flex; flex-direction: column; gap: 12px; font-size: 14px; }
.bui-layout-below { grid-template-columns: minmax(0, 1fr); }
.bui-layout-below .bui-side { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); align-items: start; }
.bui-tall { display: none; }
@container (max-width: 720px) {
  .bui-layout { grid-template-columns: minmax(0, 1fr); }
  .bui-layout-below .bui-side { grid-template-columns: minmax(0, 1fr); }
  .bui-has-tall .bui-wide { display: none; }
  .bui-has-tall .bui-tall { display: block; }
  .bui-side { font-size: 13px; }
}
.bui-panel { background: ${ui.panel}; border: 1px solid #D5DAE1; border-radius: 8px; padding: 10px 12px; }
.bui-panel h3.bui-subhead { margin-top: 10px; }
.bui-offices-facts { margin-top: 8px; }
.bui-panel h3 { font-size: 12px; letter-spacing: 0.06em; text-transform: uppercase; color: ${ui.muted}; margin: 0 0 6px; font-weight: 700; }
.bui-status { font-size: 15px; font-weight: 600; margin: 0; }
.bui-seats { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.bui-seat { display: grid; grid-template-columns: 22px minmax(0, 1fr) auto; gap: 2px 8px; align-items: center; padding: 4px 6px; border-radius: 6px; border: 2px solid transparent; }
.bui-seat.bui-active { background: #FFFFFF; border-color: ${ui.ink}; }
.bui-seat.bui-hl { border-color: ${ui.highlight}; }
.bui-seat-name { font-weight: 650; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bui-seat-stats { font-variant-numeric: tabular-nums; text-align: right; white-space: nowrap; }
.bui-seat-extra { grid-column: 2 / 4; font-size: 12px; color: ${ui.muted}; }
.bui-legend { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 4px 12px; font-size: 12.5px; }
.bui-legend li { display: flex; gap: 8px; align-items: center; }
.bui-legend svg { flex: none; }
.bui-legend b { font-weight: 650; }
.bui-facts { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0; font-size: 13px; }
.bui-facts dt { color: ${ui.muted}; }
.bui-facts dd { margin: 0; font-variant-numeric: tabular-nums; }
.bui-place { outline: none; }
.bui-place[role="button"] { cursor: pointer; }
/* A place to pick takes a tap anywhere on it (its focus shape spans it), not only on what is painted: an
   empty site, slot or space is mostly blank, or only an outline. */
.bui-place[role="button"] .bui-focus, .bui-place[role="button"] [fill="none"] { pointer-events: visible; }
.bui-place:focus-visible .bui-focus, .bui-place:hover .bui-focus { stroke: ${ui.focus}; stroke-width: 4; stroke-opacity: 1; }
.bui-focus { fill: none; stroke: transparent; stroke-opacity: 0; pointer-events: none; }
.bui-hl-ring { fill: none; stroke: ${ui.highlight}; stroke-width: 4; stroke-dasharray: 8 4; pointer-events: none; }
.bui-choice-ring { fill: none; stroke: ${ui.choice}; stroke-width: 4; pointer-events: none; }
.bui-choice-ring.bui-selected { stroke-width: 6; }
.bui-place.bui-choice { box-shadow: 0 0 0 3px ${ui.choice}; }
.bui-place.bui-selected { box-shadow: 0 0 0 6px ${ui.choice}; background: ${ui.choiceTint}; }
.bui-svg text { font-family: inherit; }
.bui-stack { display: flex; flex-direction: column; gap: 12px; }
.bui-headline { margin: 0; font-size: 17px; }
.bui-boroughs { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 12px; }
@container (max-width: 720px) { .bui-boroughs { grid-template-columns: minmax(0, 1fr); } }
.bui-market-row { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
.bui-market-slot { display: flex; flex-direction: column; align-items: center; gap: 2px; padding: 4px; border-radius: 8px; border: 2px solid transparent; background: #FFFFFF; min-width: 104px; }
.bui-market-slot.bui-hl { border-color: ${ui.highlight}; }
.bui-market-slot:focus-visible { outline: 3px solid ${ui.focus}; outline-offset: 1px; }
.bui-streets { display: grid; grid-template-columns: repeat(auto-fit, minmax(480px, 1fr)); gap: 12px; }
@container (max-width: 720px) { .bui-streets { grid-template-columns: minmax(0, 1fr); } }
.bui-deck { display: flex; align-items: center; gap: 8px; padding: 6px 10px; border-radius: 8px; border: 2px solid transparent; background: #FFFFFF; font-size: 13.5px; }
.bui-deck.bui-hl { border-color: ${ui.highlight}; }
.bui-deck:focus-visible { outline: 3px solid ${ui.focus}; outline-offset: 1px; }
.bui-upcoins { background: #F2C94C; color: ${ui.ink}; border-radius: 10px; padding: 0 6px; font-weight: 700; }
.bui-muted { color: ${ui.muted}; }
.bui-hand { margin: 8px 0 0; font-size: 14px; }
.bui-price { font-size: 13px; font-variant-numeric: tabular-nums; }
.bui-missing { padding: 24px; border: 2px dashed ${ui.line}; border-radius: 8px; background: ${ui.panel}; }
.bui-missing h2 { margin: 0 0 6px; font-size: 18px; }
.bui-missing p { margin: 0; color: ${ui.muted}; }
`
