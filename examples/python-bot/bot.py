#!/usr/bin/env python3
"""A Boroughs bot in Python 3, standard library only, speaking the stdio protocol (docs/bot-protocol.md).

Run it through the bridge:
    pnpm boroughs-bot run --local --game downtown --bots child,heuristic,heuristic -- python3 examples/python-bot/bot.py

Each line on stdin is one JSON message from the bridge; each line this bot prints is one JSON message back.
It picks a legal command with a simple preference (see `choose`), never anything outside `legal`.
"""

import json
import sys

PROTOCOL = 2
NAME = "python-example"

# Downtown: which card to vote for, best first.
VOTE_PREFERENCE = ["commerce", "housing", "industry"]


def send(message):
    """Writes one message as one line and flushes: the bridge reads line by line."""
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def log(text):
    """A line for the bridge's log (stderr works too: the bridge passes it through)."""
    send({"type": "log", "message": text})


def downtown_zone_worth(view, zone_number):
    """How much this bot likes buying in a Downtown zone: built and still open is good, parks are passes."""
    zone = view["zones"][zone_number - 1]
    if zone["closed"] or zone["construction"] == "park" or len(zone["markers"]) >= 4:
        return -1  # a pass: costs nothing, places nothing
    return 2 if zone["construction"] is not None else 1


def choose(turn):
    """Returns the index of the chosen command in turn["legal"]."""
    legal = turn["legal"]
    view = turn["view"]
    if turn["game"] == "downtown":
        votes = [i for i, c in enumerate(legal) if c["type"] == "CastVote"]
        if votes:
            return min(votes, key=lambda i: VOTE_PREFERENCE.index(legal[i]["construction"]))
        lobby = [i for i, c in enumerate(legal) if c["type"] == "DeclareLobby" and not c["use"]]
        if lobby:
            return lobby[0]
        dials = [i for i, c in enumerate(legal) if c["type"] == "ChooseZone"]
        if dials:
            # The best-liked zone, and there one space at a time: cheap and steady.
            return max(
                dials,
                key=lambda i: (downtown_zone_worth(view, legal[i]["zone"]), -legal[i]["spaces"], -legal[i]["zone"]),
            )
    return 0  # any other decision: the first legal command


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            # The bridge names the newest version it speaks; it accepts older ones, so answer with ours.
            if message["protocol"] < PROTOCOL:
                sys.stderr.write("python-bot: the bridge speaks protocol %s\n" % message["protocol"])
                return 1
            send({"type": "hello", "protocol": PROTOCOL, "name": NAME})
        elif kind == "gameStarted":
            log("game %s of %s, my seats %s" % (message["gameId"], message["game"], message["seats"]))
        elif kind == "yourTurn":
            index = choose(message)
            send({"type": "command", "requestId": message["requestId"], "command": message["legal"][index]})
        elif kind == "error":
            # illegal-command / malformed: the request stays open; timeout / superseded: it is gone.
            sys.stderr.write("python-bot: %s: %s\n" % (message["reason"], message["message"]))
        elif kind == "gameEnded":
            log("game %s ended: ranks %s, scores %s" % (message["gameId"], message["ranks"], message["scores"]))
        elif kind == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
