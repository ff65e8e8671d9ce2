"""A stdio bot: a random legal command at each decision, from its own seeded random stream.

    boroughs-bot run --local --game downtown --bots child,heuristic -- python3 -m boroughs.examples.stdio_bot
"""

import random

from boroughs.stdio import log, run_bot


def main() -> int:
    rng = random.Random(7)

    def decide(turn):
        return rng.randrange(len(turn.legal))

    def started(game):
        log("playing %s at seats %s" % (game.game, list(game.seats)))

    return run_bot(decide, "python-random", on_game_started=started)


if __name__ == "__main__":
    raise SystemExit(main())
