import { type RefObject, useEffect, useRef } from "react"

/** A place's box on the page (its bounding rectangle). */
export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

const DIRECTIONS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
}

/**
 * The place an arrow key moves to from `from`: of the places whose centre lies ahead in that direction, the
 * nearest one in line (overlapping this place across the direction: the same row for ←/→, the same column
 * for ↑/↓, a zigzag row of hexes too), else the nearest counting sideways distance double. Home and End go
 * to the first and the last place; null when nothing lies that way.
 */
export const nextPlace = (boxes: ReadonlyArray<Box>, from: number, key: string): number | null => {
  if (key === "Home") return boxes.length > 0 ? 0 : null
  if (key === "End") return boxes.length > 0 ? boxes.length - 1 : null
  const direction = DIRECTIONS[key]
  const here = boxes[from]
  if (direction === undefined || here === undefined) return null
  const horizontal = direction[1] === 0
  const centre = (b: Box): [number, number] => [b.x + b.width / 2, b.y + b.height / 2]
  const [cx, cy] = centre(here)
  let best: number | null = null
  let bestCost = Number.POSITIVE_INFINITY
  boxes.forEach((box, i) => {
    if (i === from) return
    const [bx, by] = centre(box)
    const ahead = (bx - cx) * direction[0] + (by - cy) * direction[1]
    if (ahead <= 0.5) return
    const sideways = horizontal ? Math.abs(by - cy) : Math.abs(bx - cx)
    const inLine = horizontal
      ? box.y < here.y + here.height && here.y < box.y + box.height
      : box.x < here.x + here.width && here.x < box.x + box.width
    // Every place in line comes before every place off it.
    const cost = (inLine ? 0 : 1e9) + ahead + (inLine ? 0 : 2 * sideways)
    if (cost < bestCost) {
      bestCost = cost
      best = i
    }
  })
  return best
}

const placesIn = (root: HTMLElement): Array<HTMLElement | SVGElement> =>
  Array.from(root.querySelectorAll<HTMLElement | SVGElement>("[data-place]"))

/**
 * One tab stop for a whole board (WAI-ARIA's roving tabindex): the places are rendered focusable, and once
 * the page runs this, only the last focused place (at first the first one) stays in the tab order; the
 * arrow keys, Home and End move between places, and Escape leaves the board. The keys a board handles stop
 * there, so a page's own shortcuts (the replay's ←/→) act only while no place has the focus. Without
 * JavaScript every place stays a tab stop.
 */
export const useRovingPlaces = (root: RefObject<HTMLElement | null>) => {
  const active = useRef<Element | null>(null)
  // After every render: the boards re-render as events arrive, and new places come in focusable.
  useEffect(() => {
    const el = root.current
    if (el === null) return
    const places = placesIn(el)
    // The place last focused, or the one that took its name if React replaced it, or the first.
    const last = active.current
    const current =
      (last !== null && el.contains(last) ? (last as HTMLElement) : undefined) ??
      places.find((p) => last !== null && p.dataset.place === (last as HTMLElement).dataset.place) ??
      places[0]
    for (const p of places) p.tabIndex = p === current ? 0 : -1
  })
  useEffect(() => {
    const el = root.current
    if (el === null) return
    const onFocus = (e: FocusEvent) => {
      const place = (e.target as Element | null)?.closest?.("[data-place]") as HTMLElement | null
      if (place === null || !el.contains(place)) return
      active.current = place
      for (const p of placesIn(el)) p.tabIndex = p === place ? 0 : -1
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return
      const place = (e.target as Element | null)?.closest?.("[data-place]") as HTMLElement | null
      if (place === null) return
      if (e.key === "Escape") {
        place.blur()
        e.stopPropagation()
        return
      }
      const places = placesIn(el)
      const boxes = places.map((p) => p.getBoundingClientRect())
      const next = nextPlace(boxes, places.indexOf(place), e.key)
      if (next === null && !(e.key in DIRECTIONS)) return
      e.preventDefault()
      e.stopPropagation()
      if (next !== null) (places[next] as HTMLElement).focus()
    }
    el.addEventListener("focusin", onFocus)
    el.addEventListener("keydown", onKey)
    return () => {
      el.removeEventListener("focusin", onFocus)
      el.removeEventListener("keydown", onKey)
    }
  }, [root])
}
