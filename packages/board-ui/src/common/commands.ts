import type { CommandDescriber, CommandPlaces, CommandWords, Names } from "./types.js"

/** A game's `CommandDescriber` from its words per command type; a type it has no words for throws. */
export const describerOf =
  <C extends { readonly type: string }>(words: CommandWords<C>): CommandDescriber =>
  (command: C, names: Names): string => {
    const say = (words as unknown as Record<string, ((c: C, n: Names) => string) | undefined>)[command.type]
    if (say === undefined) throw new Error(`no words for the command ${command.type}`)
    return say(command, names)
  }

/** "(2, −1)": a hex or cell's coordinates as people write them. */
export const coordinates = (a: number, b: number): string =>
  `(${[a, b].map((n) => (n < 0 ? `−${-n}` : String(n))).join(", ")})`

/** A game's `placesOfCommand` from its places per command type; a type it does not know throws. */
export const placerOf =
  <C extends { readonly type: string }, View>(places: CommandPlaces<C, View>) =>
  (command: C, view: View): ReadonlyArray<string> => {
    const at = (places as unknown as Record<string, ((c: C, v: View) => ReadonlyArray<string>) | undefined>)[
      command.type
    ]
    if (at === undefined) throw new Error(`no places for the command ${command.type}`)
    return at(command, view)
  }
