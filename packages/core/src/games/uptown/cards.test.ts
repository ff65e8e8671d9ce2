/**
 * The card set as data (issue 8, deliverable 2; design note §3.4): 84 blue-bar and 28 green-bar cards in
 * the closed vocabulary, the design note's mix, and costs from the balance method.
 */
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Card, type Project } from "./card.js"
import { CARDS } from "./cards.js"
import { uptown } from "./index.js"
import { costOf, projectValue } from "./value.js"

const blue = CARDS.filter((c) => c.bar === "blue")
const green = CARDS.filter((c) => c.bar === "green")
const projectsOf = (cards: typeof CARDS): Project[] =>
  cards.flatMap((c) => c.faces.flatMap((f) => [...f.projects]))

describe("the card set", () => {
  it("'28 free public project cards (with a green bar) · 84 project cards (with a blue bar)', ids 0–111 in order", () => {
    expect(blue).toHaveLength(84)
    expect(green).toHaveLength(28)
    expect(CARDS.map((c) => c.id)).toEqual(CARDS.map((_, i) => i))
    expect(blue.every((c) => c.id < 84)).toBe(true)
  })

  it("'Each card has two projects … you may rotate the card'; a public card has a second face (design note)", () => {
    expect(blue.every((c) => c.faces.length === 1 && c.faces[0]?.projects.length === 2)).toBe(true)
    expect(green.every((c) => c.faces.length === 2)).toBe(true)
  })

  it("every card decodes with the Card schema (the closed vocabulary) and has original, unique names", () => {
    const decode = Schema.decodeUnknownResult(Card)
    for (const card of CARDS) expect(Result.isSuccess(decode(card)), `card ${card.id}`).toBe(true)
    const names = projectsOf(CARDS).map((p) => p.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it("a blue card costs clamp(round(V of its best project), 1, 8); public cards cost $0 ('These cards cost zero')", () => {
    for (const card of CARDS) expect(card.cost, `card ${card.id}`).toBe(costOf(card))
    expect(new Set(blue.map((c) => c.cost)).size).toBeGreaterThanOrEqual(6)
  })

  it("the design note's mix over 168 blue projects: office 32, apartment 32, store 28, coffee 24, service 34, hotel 18", () => {
    const ps = projectsOf(blue)
    const count = (f: (p: Project) => boolean) => ps.filter(f).length
    expect(ps).toHaveLength(168)
    expect({
      office: count((p) => p.type === "office"),
      apartment: count((p) => p.type === "apartment"),
      store: count((p) => p.type === "store"),
      coffee: count((p) => p.type === "coffee"),
      service: count((p) => p.type === "service"),
      hotel: count((p) => p.type === "hotel"),
    }).toEqual({ office: 32, apartment: 32, store: 28, coffee: 24, service: 34, hotel: 18 })
    // roof on about 30 %, gift 8, double 10, ground-only and upper-only about 20 %, on-roof 6
    expect(count((p) => p.roof)).toBeGreaterThanOrEqual(45)
    expect(count((p) => p.roof)).toBeLessThanOrEqual(55)
    expect(count((p) => p.gift)).toBe(8)
    expect(count((p) => p.double)).toBe(10)
    expect(count((p) => p.requirement === "ground")).toBeGreaterThanOrEqual(28)
    expect(count((p) => p.requirement === "upper")).toBeGreaterThanOrEqual(28)
    expect(count((p) => p.requirement === "on-roof")).toBe(6)
  })

  it("design rules of the set: no hotel doubles ('two offices / apartments / stores / coffee shops / service'), no roof on an on-roof project, the two projects of a blue card differ in type", () => {
    const ps = projectsOf(CARDS)
    expect(ps.some((p) => p.type === "hotel" && p.double)).toBe(false)
    expect(ps.some((p) => p.requirement === "on-roof" && p.roof)).toBe(false)
    for (const card of blue) expect(card.faces[0]?.projects[0].type).not.toBe(card.faces[0]?.projects[1].type)
  })

  it("public cards are about 30 % weaker than blue ones (mean project V)", () => {
    const mean = (ps: Project[]) => ps.reduce((s, p) => s + projectValue(p), 0) / ps.length
    const ratio = mean(projectsOf(green)) / mean(projectsOf(blue))
    expect(ratio).toBeGreaterThan(0.55)
    expect(ratio).toBeLessThan(0.8)
  })

  it("the catalogue carries every card, the vocabulary and the table's numbers as plain JSON", () => {
    const catalogue = uptown.catalogue(uptown.defaultOptions)
    expect(catalogue.cards).toHaveLength(112)
    expect(JSON.parse(JSON.stringify(catalogue))).toEqual(catalogue)
  })
})
