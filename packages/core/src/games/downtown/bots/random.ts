import { type Bot, randomBot } from "../../../kernel/bot.js"
import type { DowntownCommand } from "../commands.js"
import type { DowntownView } from "../view.js"

/** Uniform over the legal commands (the kernel's random bot). */
export const downtownRandomBot: Bot<DowntownView, DowntownCommand> = randomBot<
  DowntownView,
  DowntownCommand
>()
