"""Boroughs for Python bot authors, standard library only.

- `boroughs.stdio.run_bot`: a bot as a child of `boroughs-bot run` (docs/bot-protocol.md);
- `boroughs.remote.RemoteClient`: play on a server's bot gateway (NDJSON stream + commands);
- `boroughs.env.Env`: a gym-like environment over a local game (`boroughs-bot env`);
- `boroughs.messages`: the protocol's messages as dataclasses.
"""

from .env import Env, EnvError, IllegalCommand
from .messages import GameEnded, GameStarted, YourTurn, parse_line, parse_message
from .remote import RemoteClient, RemoteError
from .stdio import log, run_bot

__version__ = "0.1.0"

__all__ = [
    "Env",
    "EnvError",
    "IllegalCommand",
    "GameEnded",
    "GameStarted",
    "YourTurn",
    "parse_line",
    "parse_message",
    "RemoteClient",
    "RemoteError",
    "log",
    "run_bot",
]
