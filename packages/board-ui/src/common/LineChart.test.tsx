import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { LineChart } from "./LineChart.js"

const PERCENT = [0, 100] as const

describe("LineChart", () => {
  const series = [{ key: "a", name: "Ana", colour: "#0072b2", values: [10, 40, 35] }]

  it("keeps a fixed y range when given one, whatever the values", () => {
    const html = renderToStaticMarkup(
      <LineChart label="chances" xs={[1, 2, 3]} series={series} yDomain={PERCENT} yLabel={(y) => `${y}%`} />,
    )
    expect(html).toContain(">100%</text>")
    expect(html).toContain(">0%</text>")
    // Without it the axis ends at the values' round top.
    const free = renderToStaticMarkup(<LineChart label="scores" xs={[1, 2, 3]} series={series} />)
    expect(free).not.toContain(">100</text>")
  })

  it("calls out points on a line, their words as the dot's tooltip", () => {
    const html = renderToStaticMarkup(
      <LineChart
        label="chances"
        xs={[1, 2, 3]}
        series={series}
        yDomain={PERCENT}
        callouts={[{ key: "m", x: 2, y: 40, colour: "#0072b2", text: "Ana: Housing vote, chance 40% → 35%" }]}
      />,
    )
    expect(html.match(/class="bui-chart-callout"/g)).toHaveLength(1)
    expect(html).toContain("<title>Ana: Housing vote, chance 40% → 35%</title>")
  })
})
