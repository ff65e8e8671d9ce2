"""The stdio bot helper: a bot in Python as a child of `boroughs-bot run` (docs/bot-protocol.md).

    from boroughs.stdio import run_bot

    def decide(turn):          # a boroughs.messages.YourTurn
        return 0               # an index into turn.legal, or one of its commands, or None (let the clock play)

    run_bot(decide, "first-legal")

`run_bot` answers the bridge's `hello`, asks `decide` for each `yourTurn`, writes the answer, and returns when
the bridge says `quit` or closes stdin. Diagnostics go to stderr or through `log()`, never print() to stdout.
"""

from __future__ import annotations

import sys
import traceback
from typing import Any, Callable, Dict, IO, Optional, Union

from .messages import (
    PROTOCOL,
    Command,
    Error,
    GameEnded,
    GameStarted,
    Hello,
    MalformedMessage,
    Quit,
    YourTurn,
    command_message,
    encode,
    hello_message,
    log_message,
    parse_line,
)

Answer = Union[int, Command, None]
Decide = Callable[[YourTurn], Answer]

_output: Optional[IO[str]] = None


def _write(stream: IO[str], message: Dict[str, Any]) -> None:
    stream.write(encode(message))
    stream.flush()


def log(text: str) -> None:
    """A line for the bridge's log (its stderr). Outside `run_bot`, straight to stderr."""
    if _output is None:
        sys.stderr.write(text + "\n")
    else:
        _write(_output, log_message(text))


def run_bot(
    decide: Decide,
    name: str,
    *,
    stdin: Optional[IO[str]] = None,
    stdout: Optional[IO[str]] = None,
    on_game_started: Optional[Callable[[GameStarted], None]] = None,
    on_game_ended: Optional[Callable[[GameEnded], None]] = None,
) -> int:
    """Plays until the bridge is done; returns the process's exit code (0, or 1 when the bridge refused us).

    `decide(turn)` answers with an index into `turn.legal`, one of its commands, or None (no answer: the
    clock plays the game's default). A `decide` that raises is reported on stderr and its turn answered with
    the first legal command, as is a turn whose answer the bridge refused as illegal, so the game goes on.
    """
    global _output
    source = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    previous, _output = _output, out
    # The turns asked and not yet settled, by request id: an illegal answer is answered again from here.
    open_turns: Dict[str, YourTurn] = {}
    try:
        for line in iter(source.readline, ""):
            try:
                message = parse_line(line)
            except MalformedMessage as error:
                sys.stderr.write("%s: ignored a line from the bridge: %s\n" % (name, error))
                continue
            if message is None:
                continue
            if isinstance(message, Hello):
                _write(out, hello_message(name, min(PROTOCOL, max(1, message.protocol))))
            elif isinstance(message, YourTurn):
                open_turns[message.request_id] = message
                answer = _ask(decide, message, name)
                if answer is not None:
                    _write(out, command_message(message.request_id, answer))
            elif isinstance(message, Error):
                turn = open_turns.pop(message.request_id or "", None)
                sys.stderr.write("%s: the bridge said %s: %s\n" % (name, message.reason, message.message))
                if message.reason == "unsupported-protocol":
                    return 1
                if message.reason == "illegal-command" and turn is not None and turn.legal:
                    # Once: if the first legal command is refused too, the request is left to the clock.
                    _write(out, command_message(turn.request_id, 0))
            elif isinstance(message, GameStarted):
                if on_game_started is not None:
                    on_game_started(message)
            elif isinstance(message, GameEnded):
                for request_id in [r for r, t in open_turns.items() if t.game_id == message.game_id]:
                    del open_turns[request_id]
                if on_game_ended is not None:
                    on_game_ended(message)
            elif isinstance(message, Quit):
                return 0
        return 0
    finally:
        _output = previous


def _ask(decide: Decide, turn: YourTurn, name: str) -> Answer:
    try:
        answer = decide(turn)
        if answer is not None:
            turn.command_at(answer)  # an answer of the wrong kind fails here, not at the bridge
        return answer
    except Exception:
        sys.stderr.write("%s: decide failed on %s; answering the first legal command\n" % (name, turn.request_id))
        traceback.print_exc(file=sys.stderr)
        return 0 if turn.legal else None


__all__ = ["run_bot", "log", "Answer", "Decide"]
