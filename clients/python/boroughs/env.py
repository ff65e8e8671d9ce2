"""A gym-like environment over a local game: the `boroughs-bot env` bridge (docs/bot-protocol.md).

    from boroughs.env import Env

    with Env("downtown", seats=4, agents=(0,), opponents="heuristic") as env:
        observation = env.reset(seed=1)
        done = False
        while not done:
            observation, rewards, done, info = env.step(0)    # an index into env.legal_actions(), or a command

The bridge is a Node process (from @boroughs/bot-sdk) that hosts one game through the same kernel as the
server, plays the seats not in `agents` with built-in bots, and stops whenever an agent seat owes a decision.
An observation is that seat's own view (never another seat's secrets) with its legal commands. Rewards are
given per seat at the end: 1 for a sole winner, 1/k for each of k seats tied first, 0 otherwise (they sum to
1); before the end they are all 0.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import random
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

Command = Dict[str, Any]
Observation = Dict[str, Any]


class EnvError(RuntimeError):
    """The bridge refused a request (`reason`: `bad-reset`, `no-decision`, `failed`…) or stopped."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__("%s: %s" % (reason, message))
        self.reason = reason


class IllegalCommand(EnvError, ValueError):
    """The command is not one of the legal ones (or the index is out of range): nothing changed."""


def _find_upwards(start: str, relative: str) -> Optional[str]:
    folder = os.path.abspath(start)
    while True:
        candidate = os.path.join(folder, relative)
        if os.path.exists(candidate):
            return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def default_bridge_command(cwd: Optional[str] = None) -> List[str]:
    """How to start `boroughs-bot`: $BOROUGHS_BOT (a command line) if set; else, in a Boroughs checkout (found
    from `cwd` upwards), its built command; else a `boroughs-bot` installed by npm (node_modules/.bin, then
    PATH); else `npx boroughs-bot`."""
    configured = os.environ.get("BOROUGHS_BOT")
    if configured:
        return shlex.split(configured)
    start = cwd or os.getcwd()
    node = shutil.which("node") or "node"
    for relative in ("packages/bot-sdk/dist/bin/boroughs-bot.js", "packages/bot-sdk/bin/boroughs-bot.mjs"):
        found = _find_upwards(start, relative)
        if found is not None:
            return [node, found]
    installed = _find_upwards(start, os.path.join("node_modules", ".bin", "boroughs-bot"))
    if installed is not None:
        return [installed]
    on_path = shutil.which("boroughs-bot")
    if on_path is not None:
        return [on_path]
    return ["npx", "boroughs-bot"]


class Env:
    """One game at a time against built-in bots, stepped from Python.

    `game`: `downtown`, `manhattan`, `suburbia`, `uptown` or `urban-sprawl`; `seats`: how many; `agents`: the
    seats you decide for (several: you are asked for each in turn, simultaneous decisions one seat at a time);
    `opponents`: the bots of the other seats, comma-separated, one per seat in order and repeating (`random`,
    `heuristic`, `ismcts`…, or a bot module's path); `options`: the game's options (its defaults when None);
    `command`: the `boroughs-bot` command line (default: `default_bridge_command()`).
    """

    def __init__(
        self,
        game: str,
        seats: int = 4,
        agents: Sequence[int] = (0,),
        opponents: str = "heuristic",
        options: Optional[Dict[str, Any]] = None,
        command: Union[None, str, Sequence[str]] = None,
        cwd: Optional[str] = None,
    ) -> None:
        self.game = game
        self.seats = seats
        self.agents = tuple(agents)
        self.opponents = opponents
        self.options = options
        if command is None:
            argv = default_bridge_command(cwd)
        elif isinstance(command, str):
            argv = shlex.split(command)
        else:
            argv = list(command)
        self.seed: Optional[str] = None
        self._observation: Optional[Observation] = None
        self._process = subprocess.Popen(
            argv + ["env"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=cwd,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        hello = self._read()
        if hello.get("type") != "hello":
            self.close()
            raise EnvError("failed", "the bridge did not say hello: %r" % (hello,))

    # -- the bridge ---------------------------------------------------------------------------------------

    def _read(self) -> Dict[str, Any]:
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            code = self._process.wait()
            raise EnvError("failed", "the bridge (%s) exited with code %s" % (" ".join(self._process.args), code))
        return json.loads(line)

    def _call(self, request: Dict[str, Any]) -> Observation:
        if self._process.stdin is None or self._process.poll() is not None:
            raise EnvError("failed", "the environment is closed")
        self._process.stdin.write(json.dumps(request, separators=(",", ":")) + "\n")
        self._process.stdin.flush()
        reply = self._read()
        if reply.get("type") == "error":
            kind = IllegalCommand if reply.get("reason") == "illegal-command" else EnvError
            raise kind(str(reply.get("reason")), str(reply.get("message", "")))
        self._observation = reply
        return reply

    # -- the gym-like API ---------------------------------------------------------------------------------

    def reset(self, seed: Union[None, int, str] = None) -> Observation:
        """Starts a new game (seed None: a random one) and returns the first agent observation, or the final
        one if no agent ever decides."""
        self.seed = str(seed) if seed is not None else str(random.getrandbits(48))
        request: Dict[str, Any] = {
            "type": "reset",
            "game": self.game,
            "seed": self.seed,
            "seats": self.seats,
            "agents": list(self.agents),
            "opponents": self.opponents,
        }
        if self.options is not None:
            request["options"] = self.options
        return self._call(request)

    def step(self, action: Union[int, Command]) -> Tuple[Observation, List[float], bool, Dict[str, Any]]:
        """Plays `action` (an index into `legal_actions()`, or one of them) for `current_seat`; the bots play
        until an agent seat owes a decision again. Returns (observation, rewards per seat, done, info); info
        has the seat that acted and, at the end, `ranks`, `scores` and `reason`. An illegal action raises
        `IllegalCommand` and changes nothing."""
        seat = self.current_seat
        if isinstance(action, bool) or not isinstance(action, (int, dict)):
            raise TypeError("step takes an index into legal_actions() or a command (dict), not %r" % (action,))
        request = {"type": "step", "index": action} if isinstance(action, int) else {"type": "step", "command": action}
        observation = self._call(request)
        done = bool(observation.get("done"))
        info: Dict[str, Any] = {"seat": seat}
        if done:
            info.update(ranks=observation["ranks"], scores=observation["scores"], reason=observation.get("reason"))
            rewards = list(observation["rewards"])
        else:
            rewards = [0.0] * self.seats
        return observation, rewards, done, info

    def legal_actions(self) -> List[Command]:
        """The commands `current_seat` may play now (empty once the game is over)."""
        return list((self._observation or {}).get("legal") or [])

    def observation(self) -> Observation:
        """The last observation: `seat`, `version`, `kind`, `view`, `legal`, `done`; at the end `ranks`,
        `scores`, `rewards`, `reason`."""
        if self._observation is None:
            raise EnvError("no-decision", "reset the environment first")
        return self._observation

    @property
    def current_seat(self) -> Optional[int]:
        """The agent seat that owes the decision now; None before reset and after the end."""
        observation = self._observation
        return None if observation is None or observation.get("done") else observation.get("seat")

    @property
    def done(self) -> bool:
        return bool((self._observation or {}).get("done"))

    def close(self) -> None:
        """Stops the bridge."""
        process = self._process
        if process.poll() is None:
            try:
                if process.stdin is not None:
                    process.stdin.write('{"type":"quit"}\n')
                    process.stdin.close()
                process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
        if process.stdout is not None:
            process.stdout.close()

    def __enter__(self) -> "Env":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["Env", "EnvError", "IllegalCommand", "default_bridge_command"]
