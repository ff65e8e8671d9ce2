import { type Bot, randomBot as uniformBot } from "../../../kernel/bot.js"
import type { Command } from "../commands.js"
import type { View } from "../view.js"

/** Uniform over the legal commands: the baseline. */
export const randomBot: Bot<View, Command> = uniformBot<View, Command>()
