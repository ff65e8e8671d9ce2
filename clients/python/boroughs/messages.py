"""The bot protocol's messages as frozen dataclasses (docs/bot-protocol.md, docs/api.md "Bot gateway").

The stdio bridge (`boroughs-bot run`) and a server's bot gateway (`GET /api/bot/stream`) send the same
`gameStarted`, `yourTurn` and `gameEnded`, field for field. `parse_message` reads one decoded JSON object into
its dataclass; fields it does not know are ignored (later protocol versions add some) and a message type it
does not know becomes an `Unknown`. Field names are the JSON's in snake_case (`requestId` -> `request_id`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, Mapping, Optional, Tuple, Union

PROTOCOL = 2
"""The newest stdio protocol version this package speaks."""

Command = Dict[str, Any]
"""A game command: a JSON object with a `type`, exactly as listed in `YourTurn.legal`."""


def request_id_of(game_id: str, seat: int, version: int) -> str:
    """The id of a seat's decision at a version, `<gameId>:<seat>:<version>`: also the command id to send."""
    return "%s:%d:%d" % (game_id, seat, version)


def _ints(value: Any) -> Tuple[int, ...]:
    return tuple(value or ())


@dataclass(frozen=True)
class Hello:
    """The bridge's handshake: the newest `protocol` it speaks."""

    protocol: int
    bridge: str = ""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Hello":
        return cls(protocol=int(d["protocol"]), bridge=str(d.get("bridge", "")))


@dataclass(frozen=True)
class GameStarted:
    """A game starts (or a stream resumes) with the bot at one or more of its seats."""

    game_id: str
    game: str
    seats: Tuple[int, ...]
    """The seats this bot holds."""
    players: Tuple[Optional[str], ...]
    """Who holds each seat (`bot:alpha`, `builtin:heuristic`; None: nobody's): its length is the seat count."""
    decision_ms: Optional[int] = None
    """The clock per decision in ms; None: no clock."""
    version: Optional[int] = None

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "GameStarted":
        players = d.get("players")
        # Protocol 1 sent the seat count instead of the holders.
        if isinstance(players, int):
            players = [None] * players
        return cls(
            game_id=str(d["gameId"]),
            game=str(d["game"]),
            seats=_ints(d.get("seats")),
            players=tuple(players or ()),
            decision_ms=d.get("decisionMs"),
            version=d.get("version"),
        )


@dataclass(frozen=True)
class YourTurn:
    """A seat of the bot owes a decision: its own view only, the exact legal commands, and the clock."""

    request_id: str
    """`<gameId>:<seat>:<version>`: answer with it (it is the command id the server sees)."""
    game_id: str
    game: str
    seat: int
    version: int
    """The version the decision is at: sent as `expectedVersion`."""
    kind: str
    """What is decided, in the game's words: `vote`, `dial`, `move`…"""
    view: Any
    """The seat's view: public information and its own secrets, never another seat's."""
    legal: Tuple[Command, ...]
    """Exactly the commands the rules accept from this seat now."""
    deadline: Optional[str] = None
    """ISO 8601 time after which the game's default command is played; None: no clock."""
    time_left_ms: Optional[int] = None

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "YourTurn":
        game_id, seat, version = str(d["gameId"]), int(d["seat"]), int(d["version"])
        return cls(
            request_id=str(d.get("requestId") or request_id_of(game_id, seat, version)),
            game_id=game_id,
            game=str(d.get("game", "")),
            seat=seat,
            version=version,
            kind=str(d.get("kind", "")),
            view=d.get("view"),
            legal=tuple(d.get("legal") or ()),
            deadline=d.get("deadline"),
            time_left_ms=d.get("timeLeftMs"),
        )

    def command_at(self, answer: Union[int, Command]) -> Command:
        """The command an answer names: `legal[answer]` for an index, else the command itself."""
        if isinstance(answer, bool) or not isinstance(answer, (int, dict)):
            raise TypeError("answer with a command (dict) or an index into legal, not %r" % (answer,))
        return self.legal[answer] if isinstance(answer, int) else answer


@dataclass(frozen=True)
class GameEnded:
    """A game the bot played has ended."""

    game_id: str
    version: Optional[int]
    ranks: Tuple[int, ...]
    """Each seat's rank: 1 is best, ties share."""
    scores: Tuple[float, ...]
    reason: str = ""
    """How it ended: `rules`, `adjudicated`…"""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "GameEnded":
        return cls(
            game_id=str(d["gameId"]),
            version=d.get("version"),
            ranks=_ints(d.get("ranks")),
            scores=tuple(d.get("scores") or ()),
            reason=str(d.get("reason", "")),
        )


@dataclass(frozen=True)
class KeepAlive:
    """The bot gateway's sign of life when nothing else was sent for a while."""

    time: str = ""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "KeepAlive":
        return cls(time=str(d.get("time", "")))


@dataclass(frozen=True)
class StreamClosed:
    """The gateway's last line: `replaced` (another stream took the token), `revoked`, or `shutdown` (reconnect)."""

    reason: str
    message: str = ""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "StreamClosed":
        return cls(reason=str(d["reason"]), message=str(d.get("message", "")))


@dataclass(frozen=True)
class Error:
    """The stdio bridge's answer to a bad line: `malformed`, `illegal-command`, `unknown-request`, `timeout`,
    `superseded` or `unsupported-protocol` (docs/bot-protocol.md, _Errors_)."""

    reason: str
    message: str = ""
    request_id: Optional[str] = None

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Error":
        return cls(reason=str(d["reason"]), message=str(d.get("message", "")), request_id=d.get("requestId"))


@dataclass(frozen=True)
class Quit:
    """The bridge is done: exit."""

    reason: str = ""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Quit":
        return cls(reason=str(d.get("reason", "")))


@dataclass(frozen=True)
class Unknown:
    """A message of a type this package does not know (a later protocol's): ignore it."""

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)


Message = Union[Hello, GameStarted, YourTurn, GameEnded, KeepAlive, StreamClosed, Error, Quit, Unknown]

_BY_TYPE = {
    "hello": Hello,
    "gameStarted": GameStarted,
    "yourTurn": YourTurn,
    "gameEnded": GameEnded,
    "keepAlive": KeepAlive,
    "streamClosed": StreamClosed,
    "error": Error,
    "quit": Quit,
}


class MalformedMessage(ValueError):
    """A line that is not a protocol message (not JSON, not an object, or missing a required field)."""


def parse_message(data: Mapping[str, Any]) -> Message:
    """The dataclass of one decoded message; unknown fields are ignored, unknown types become `Unknown`."""
    if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
        raise MalformedMessage("not a message: %r" % (data,))
    kind = _BY_TYPE.get(data["type"])
    if kind is None:
        return Unknown(type=data["type"], data=dict(data))
    try:
        return kind.from_dict(data)
    except (KeyError, TypeError, ValueError) as error:
        raise MalformedMessage("%s: %s" % (data["type"], error)) from error


def parse_line(line: Union[str, bytes]) -> Optional[Message]:
    """One JSON line as a message; None for an empty line (the protocol ignores them)."""
    if isinstance(line, bytes):
        line = line.decode("utf-8")
    line = line.strip()
    if not line:
        return None
    try:
        data = json.loads(line)
    except ValueError as error:
        raise MalformedMessage("not JSON: %s" % error) from error
    return parse_message(data)


def encode(message: Mapping[str, Any]) -> str:
    """One message as one compact JSON line, newline included."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n"


def hello_message(name: str, protocol: int = PROTOCOL) -> Dict[str, Any]:
    return {"type": "hello", "protocol": protocol, "name": name}


def command_message(request_id: str, answer: Union[int, Command]) -> Dict[str, Any]:
    """The answer to a `yourTurn`: by index into `legal` (an int) or by value (a command)."""
    if isinstance(answer, bool) or not isinstance(answer, (int, dict)):
        raise TypeError("answer with a command (dict) or an index into legal, not %r" % (answer,))
    key = "index" if isinstance(answer, int) else "command"
    return {"type": "command", "requestId": request_id, key: answer}


def log_message(text: str) -> Dict[str, Any]:
    return {"type": "log", "message": text}


__all__ = [
    "PROTOCOL",
    "Command",
    "Hello",
    "GameStarted",
    "YourTurn",
    "GameEnded",
    "KeepAlive",
    "StreamClosed",
    "Error",
    "Quit",
    "Unknown",
    "Message",
    "MalformedMessage",
    "parse_message",
    "parse_line",
    "encode",
    "hello_message",
    "command_message",
    "log_message",
    "request_id_of",
]
