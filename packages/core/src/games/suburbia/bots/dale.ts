import type { Bot } from "../../../kernel/bot.js"
import type { Command } from "../commands.js"
import { dalePlacement, daleSlot } from "../dale.js"
import { mildest } from "../legal.js"
import { purchase } from "../market.js"
import type { View } from "../view.js"

/**
 * Dale's rules as a bot for a seat of a standard game: buy the priciest market tile it can afford (the
 * leftmost on a tie) and place it for the most income + reputation, ties to reputation. When it can buy
 * nothing it plays the mildest legal command; it keeps the first goal it drew.
 */
export const daleBot: Bot<View, Command> = {
  name: "dale",
  choose: ({ seat, view, legal }) => {
    const slots = [...new Set(legal.flatMap((c) => (c.type === "BuyTile" ? [c.slot] : [])))]
    const slot = daleSlot(view, slots)
    if (slot === null) return mildest(view, legal)
    const { hex } = dalePlacement(view, seat, slot, purchase(view, slot))
    const chosen = legal.find(
      (c) => c.type === "BuyTile" && c.slot === slot && c.q === hex.q && c.r === hex.r,
    )
    return chosen ?? mildest(view, legal)
  },
}
