import { sampledSecrets } from "../../kernel/determinise.js"
import type { Random } from "../../kernel/random.js"
import type { State } from "./state.js"
import type { View } from "./view.js"

/** Manhattan hides only the seed and the PRNG: a sample is the public board with a guessed PRNG (the dice). */
export const determinise = (view: View, random: Random): State => ({ ...view, ...sampledSecrets(random) })
