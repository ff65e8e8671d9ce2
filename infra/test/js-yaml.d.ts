// js-yaml 4 ships no types; the tests use its loader only.
declare module "js-yaml" {
  export function load(text: string): unknown
}
