/** How each construction looks: a pale tint (seat pieces stay readable on it), an ink, and an icon. */
export type Construction = "park" | "housing" | "industry" | "commerce"

export const CONSTRUCTION_STYLE: Readonly<
  Record<Construction, { fill: string; ink: string; label: string; meaning: string }>
> = {
  park: { fill: "#CFEBC7", ink: "#2D6A32", label: "Park", meaning: "neutral neighbour, never sold" },
  housing: {
    fill: "#FBE3B0",
    ink: "#7A4E00",
    label: "Housing",
    meaning: "desirable with no Industry next door",
  },
  industry: { fill: "#DED6EE", ink: "#4B3A75", label: "Industry", meaning: "desirable next to Commerce" },
  commerce: { fill: "#C6E0F5", ink: "#184F7A", label: "Commerce", meaning: "desirable next to 2+ Housing" },
}

/** A construction's icon, drawn in a box of `size` at (x, y): tree, house, factory, shop. */
export const ConstructionIcon = ({
  kind,
  x,
  y,
  size,
}: {
  kind: Construction
  x: number
  y: number
  size: number
}) => {
  const s = size / 20
  const ink = CONSTRUCTION_STYLE[kind].ink
  const t = `translate(${x} ${y}) scale(${s})`
  switch (kind) {
    case "park":
      return (
        <g transform={t} aria-hidden="true">
          <circle cx="10" cy="8" r="6.5" fill={ink} />
          <rect x="8.8" y="12" width="2.4" height="7" fill={ink} />
        </g>
      )
    case "housing":
      return (
        <g transform={t} aria-hidden="true">
          <path d="M2 10 L10 2.5 L18 10 L16 10 L16 18 L4 18 L4 10 Z" fill={ink} />
          <rect x="8.2" y="12" width="3.6" height="6" fill="#FFFFFF" />
        </g>
      )
    case "industry":
      return (
        <g transform={t} aria-hidden="true">
          <path d="M2 18 L2 8 L7 11 L7 8 L12 11 L12 3 L15 3 L15 11 L18 11 L18 18 Z" fill={ink} />
        </g>
      )
    case "commerce":
      return (
        <g transform={t} aria-hidden="true">
          <path d="M3 7 L17 7 L16 18 L4 18 Z" fill={ink} />
          <path d="M7 7 C7 2.5 13 2.5 13 7" fill="none" stroke={ink} strokeWidth="2" />
          <text x="10" y="15.5" textAnchor="middle" fontSize="8" fontWeight="700" fill="#FFFFFF">
            $
          </text>
        </g>
      )
  }
}
