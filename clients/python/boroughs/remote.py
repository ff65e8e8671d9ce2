"""A client for a Boroughs server's bot gateway (docs/api.md, "Bot gateway (NDJSON)"), standard library only.

    from boroughs.remote import RemoteClient

    client = RemoteClient("http://127.0.0.1:8080")          # the token from $BOROUGHS_TOKEN(_FILE)
    client.play(lambda turn: 0, games=1)                      # every game where the token holds a seat

`play` reads `GET /api/bot/stream` line by line and answers each seat's latest `yourTurn` with
`POST /api/games/<id>/commands`, `{commandId: requestId, seat, command, expectedVersion: version}`. It reconnects
after a dropped stream with backoff and resumes from what the server resends; a request id it has answered is
never answered again (and a retry after a lost reply reuses the id, so the server plays it once); 429s wait
for their Retry-After. It stops when the server closes the stream as `replaced` or `revoked`.
"""

from __future__ import annotations

import http.client
import json
import os
import queue
import random
import socket
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, Tuple, Union

from .messages import (
    Command,
    GameEnded,
    GameStarted,
    MalformedMessage,
    Message,
    StreamClosed,
    YourTurn,
    parse_line,
)

DEFAULT_URL = "http://127.0.0.1:8080"
Answer = Union[int, Command, None]

# Statuses worth trying again with the same ids: the server is busy, away or at fault.
_TRANSIENT = {429, 500, 502, 503, 504}


class RemoteError(Exception):
    """The server refused a request for good (a bad token, a forbidden seat, an unknown game…)."""

    def __init__(self, status: int, body: Any, message: str = "") -> None:
        self.status = status
        self.body = body
        self.tag = body.get("_tag") if isinstance(body, dict) else None
        detail = body.get("message") if isinstance(body, dict) else body
        super().__init__(message or "HTTP %s %s: %s" % (status, self.tag or "", detail))


@dataclass(frozen=True)
class SentCommand:
    """One command sent (with retries of the same id) and the server's last word on it."""

    game_id: str
    seat: int
    version: int
    command_id: str
    command: Command
    result: str
    """`accepted`; `duplicate` (an earlier attempt was played); `stale` (409: the game moved on);
    `rejected` (422, 403, another 409); `failed` (gave up on transient errors)."""
    attempts: int
    detail: str = ""
    game_version: Optional[int] = None
    """The game's version after the command (when accepted)."""


@dataclass
class PlayResult:
    stopped: str
    """`games` (as many as asked ended), `replaced` or `revoked` (the server closed the stream), `stopped`."""
    ended: List[GameEnded] = field(default_factory=list)
    commands: List[SentCommand] = field(default_factory=list)


def token_from_environment(token: Optional[str] = None, token_file: Optional[str] = None) -> Optional[str]:
    """The bot token: `token_file`, else `token`, else the file in $BOROUGHS_TOKEN_FILE, else $BOROUGHS_TOKEN."""
    path = token_file or (None if token else os.environ.get("BOROUGHS_TOKEN_FILE"))
    if path:
        with open(path, encoding="utf-8") as f:
            text = f.read().strip()
        if not text:
            raise ValueError("the token file %s is empty" % path)
        return text
    return token or os.environ.get("BOROUGHS_TOKEN") or None


def retry_delay(attempt: int, retry_after: Optional[float] = None) -> float:
    """Seconds before trying again: 0.25 s doubling up to 10 s, jittered ±20%, never before a 429's Retry-After."""
    base = min(0.25 * (2 ** attempt), 10.0) * random.uniform(0.8, 1.2)
    return max(base, retry_after or 0.0)


def _retry_after(error: urllib.error.HTTPError, body: Any) -> Optional[float]:
    header = error.headers.get("Retry-After") if error.headers is not None else None
    seconds = None
    if header is not None:
        try:
            seconds = float(header)
        except ValueError:
            seconds = None
    if isinstance(body, dict) and isinstance(body.get("retryAfterMs"), (int, float)):
        seconds = max(seconds or 0.0, body["retryAfterMs"] / 1000.0)
    return seconds


def _body_of(error: urllib.error.HTTPError) -> Any:
    try:
        raw = error.read()
        return json.loads(raw.decode("utf-8")) if raw else None
    except (ValueError, OSError):
        return None


def _past(deadline: Optional[str]) -> bool:
    if not deadline:
        return False
    try:
        when = datetime.fromisoformat(deadline.replace("Z", "+00:00"))
    except ValueError:
        return False
    return datetime.now(timezone.utc) > when


class RemoteClient:
    """A bot token's view of one server: its bot stream, its commands, and a loop that plays with `decide`."""

    def __init__(
        self,
        url: Optional[str] = None,
        token: Optional[str] = None,
        token_file: Optional[str] = None,
        *,
        timeout: float = 60.0,
        log: Optional[Callable[[str], None]] = None,
    ) -> None:
        self.url = (url or os.environ.get("BOROUGHS_URL") or DEFAULT_URL).rstrip("/")
        self.token = token_from_environment(token, token_file)
        # Longer than the server's keep-alive interval (15 s): a silent stream this long is a dead one.
        self.timeout = timeout
        self.log = log or (lambda line: sys.stderr.write("boroughs: %s\n" % line))
        # Request ids answered (or given up on): never sent again, across reconnections and `play` calls.
        self.settled: Set[str] = set()
        self._response: Optional[http.client.HTTPResponse] = None

    # -- plain requests ---------------------------------------------------------------------------------

    def _open(self, method: str, path: str, body: Any = None, accept: str = "application/json"):
        headers = {"Accept": accept}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        data = None
        if body is not None:
            data = json.dumps(body, separators=(",", ":")).encode("utf-8")
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.url + path, data=data, headers=headers, method=method)
        return urllib.request.urlopen(request, timeout=self.timeout)

    def request(self, method: str, path: str, body: Any = None) -> Any:
        """One JSON request, retried on 429 (after its Retry-After), 5xx and network failures."""
        for attempt in range(10):
            try:
                with self._open(method, path, body) as response:
                    raw = response.read()
                    return json.loads(raw.decode("utf-8")) if raw else None
            except urllib.error.HTTPError as error:
                answer = _body_of(error)
                if error.code not in _TRANSIENT or attempt == 9:
                    raise RemoteError(error.code, answer) from None
                time.sleep(retry_delay(attempt, _retry_after(error, answer)))
            except (urllib.error.URLError, OSError, http.client.HTTPException):
                if attempt == 9:
                    raise
                time.sleep(retry_delay(attempt))
        raise AssertionError("unreachable")

    def get_game(self, game_id: str) -> Dict[str, Any]:
        """`GET /api/games/<id>`: the game's status (`live`, `ended`), players, version, outcome…"""
        return self.request("GET", "/api/games/" + urllib.parse.quote(game_id, safe=""))

    def enter_ladder(self, game: str) -> Dict[str, Any]:
        """`POST /api/ladder/entries`: the bot enters (again) a game's ladder and is paired while connected."""
        return self.request("POST", "/api/ladder/entries", {"game": game})

    def leave_ladder(self, game: str) -> Dict[str, Any]:
        """`DELETE /api/ladder/entries/<game>`: no more pairings there; the bot's record stays."""
        return self.request("DELETE", "/api/ladder/entries/" + urllib.parse.quote(game, safe=""))

    def ladder(self, game: str) -> Dict[str, Any]:
        """`GET /api/ladder/<game>`: the table (rank, rating, games, wins, status) and the latest rated games."""
        return self.request("GET", "/api/ladder/" + urllib.parse.quote(game, safe=""))

    def send_command(
        self,
        game_id: str,
        seat: int,
        command: Command,
        *,
        command_id: str,
        expected_version: Optional[int] = None,
        deadline: Optional[str] = None,
    ) -> SentCommand:
        """Sends one command, retrying transient failures with the same id until the server has a final word."""
        payload: Dict[str, Any] = {"commandId": command_id, "seat": seat, "command": command}
        if expected_version is not None:
            payload["expectedVersion"] = expected_version
        path = "/api/games/%s/commands" % urllib.parse.quote(game_id, safe="")
        base = dict(
            game_id=game_id, seat=seat, version=expected_version if expected_version is not None else -1,
            command_id=command_id, command=command,
        )
        attempt = 0
        while True:
            attempt += 1
            retry_after: Optional[float] = None
            try:
                with self._open("POST", path, payload) as response:
                    answer = json.loads(response.read().decode("utf-8") or "{}")
                result = "duplicate" if answer.get("duplicate") else "accepted"
                return SentCommand(result=result, attempts=attempt, game_version=answer.get("version"), **base)
            except urllib.error.HTTPError as error:
                body = _body_of(error)
                tag = body.get("_tag", "") if isinstance(body, dict) else ""
                detail = "HTTP %d %s: %s" % (error.code, tag, body.get("message", "") if isinstance(body, dict) else "")
                if error.code == 409 and isinstance(body, dict) and body.get("reason") == "stale-version":
                    return SentCommand(result="stale", attempts=attempt, detail=detail, **base)
                if error.code not in _TRANSIENT:
                    return SentCommand(result="rejected", attempts=attempt, detail=detail, **base)
                retry_after = _retry_after(error, body)
            except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
                detail = "network: %s" % error
            if attempt >= 10 or _past(deadline):
                return SentCommand(result="failed", attempts=attempt, detail=detail, **base)
            time.sleep(retry_delay(attempt - 1, retry_after))

    # -- the bot stream ----------------------------------------------------------------------------------

    def messages(self, stop: Optional[threading.Event] = None) -> Iterator[Message]:
        """The bot stream's messages (keep-alives included) across reconnections, until the server closes it
        as `replaced` or `revoked` (that `StreamClosed` is the last message) or `stop` is set. A refusal
        (401, 403…) raises `RemoteError`."""
        attempt = 0
        while stop is None or not stop.is_set():
            retry_after: Optional[float] = None
            try:
                response = self._open("GET", "/api/bot/stream", accept="application/x-ndjson")
            except urllib.error.HTTPError as error:
                body = _body_of(error)
                if error.code not in _TRANSIENT:
                    raise RemoteError(error.code, body) from None
                retry_after = _retry_after(error, body)
                self.log("the bot stream answered HTTP %d; reconnecting" % error.code)
            except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
                self.log("cannot reach %s (%s); reconnecting" % (self.url, error))
            else:
                self._response = response
                try:
                    for line in response:
                        if stop is not None and stop.is_set():
                            return
                        try:
                            message = parse_line(line)
                        except MalformedMessage as error:
                            self.log("ignored a line of the bot stream: %s" % error)
                            continue
                        if message is None:
                            continue
                        attempt = 0  # a stream that delivers is a good connection: backoff starts again
                        yield message
                        if isinstance(message, StreamClosed) and message.reason != "shutdown":
                            return
                except (OSError, http.client.HTTPException, ValueError) as error:
                    if stop is None or not stop.is_set():
                        self.log("the bot stream was cut (%s); reconnecting" % (error or type(error).__name__))
                finally:
                    self._response = None
                    response.close()
            if stop is not None and stop.is_set():
                return
            time.sleep(retry_delay(attempt, retry_after))
            attempt += 1

    def _close_stream(self) -> None:
        """Ends the stream's connection, waking a read blocked on it in another thread."""
        response = self._response
        if response is None:
            return
        try:
            response.fp.raw._sock.shutdown(socket.SHUT_RDWR)  # type: ignore[union-attr]
        except Exception:
            pass

    # -- the playing loop ---------------------------------------------------------------------------------

    def play(
        self,
        decide: Callable[[YourTurn], Answer],
        games: Optional[int] = None,
        *,
        stop: Optional[threading.Event] = None,
        on_game_started: Optional[Callable[[GameStarted], None]] = None,
        on_game_ended: Optional[Callable[[GameEnded], None]] = None,
        on_command: Optional[Callable[[SentCommand], None]] = None,
    ) -> PlayResult:
        """Plays every game where the token holds a seat: `decide(turn)` answers with an index into
        `turn.legal`, one of its commands, or None (no answer: the server's clock plays). Returns once `games`
        games have ended, the server closed the stream for good, or `stop` was set.

        Only the latest `yourTurn` of each seat is answered: the stream is read by a thread, and the turns
        that arrived while `decide` was thinking replace older ones of the same seat."""
        stopping = threading.Event()
        inbox: "queue.Queue[Tuple[str, Any]]" = queue.Queue()

        def pump() -> None:
            try:
                for message in self.messages(stopping):
                    inbox.put(("message", message))
                inbox.put(("end", None))
            except BaseException as error:  # handed to the playing thread, which raises it
                inbox.put(("error", error))

        reader = threading.Thread(target=pump, name="boroughs-bot-stream", daemon=True)
        reader.start()
        result = PlayResult(stopped="stopped")
        ended_ids: Set[str] = set()
        # The newest version seen of each game: a turn older than it is stale (the server would answer 409),
        # so it is not sent; the seat's newer turn is on its way (a seat's own answer moved the game past a
        # simultaneous decision of another of its seats, say).
        known_version: Dict[str, int] = {}
        try:
            while True:
                if stop is not None and stop.is_set():
                    result.stopped = "stopped"
                    return result
                try:
                    batch = [inbox.get(timeout=0.25)]
                except queue.Empty:
                    continue
                while True:
                    try:
                        batch.append(inbox.get_nowait())
                    except queue.Empty:
                        break
                latest: Dict[Tuple[str, int], YourTurn] = {}
                finished: Optional[str] = None
                for kind, item in batch:
                    if kind == "error":
                        raise item
                    if kind == "end":
                        finished = finished or "stopped"
                        continue
                    if isinstance(item, GameStarted):
                        if on_game_started is not None:
                            on_game_started(item)
                    elif isinstance(item, YourTurn):
                        known_version[item.game_id] = max(known_version.get(item.game_id, 0), item.version)
                        if item.game_id in ended_ids or item.request_id in self.settled:
                            continue
                        key = (item.game_id, item.seat)
                        if key not in latest or latest[key].version < item.version:
                            latest[key] = item
                    elif isinstance(item, GameEnded):
                        for key in [k for k in latest if k[0] == item.game_id]:
                            del latest[key]
                        if item.game_id in ended_ids:
                            continue
                        ended_ids.add(item.game_id)
                        result.ended.append(item)
                        if on_game_ended is not None:
                            on_game_ended(item)
                        if games is not None and len(result.ended) >= games:
                            finished = "games"
                    elif isinstance(item, StreamClosed):
                        self.log("the server closed the stream (%s): %s" % (item.reason, item.message))
                        if item.reason != "shutdown":
                            finished = item.reason
                if finished is not None:
                    result.stopped = finished
                    return result
                for turn in latest.values():
                    if stop is not None and stop.is_set():
                        break
                    if known_version.get(turn.game_id, 0) > turn.version:
                        continue
                    sent = self._answer(decide, turn)
                    if sent is not None and sent.game_version is not None:
                        known_version[turn.game_id] = max(known_version.get(turn.game_id, 0), sent.game_version)
                    if sent is not None:
                        result.commands.append(sent)
                        if on_command is not None:
                            on_command(sent)
        finally:
            stopping.set()
            self._close_stream()

    def _answer(self, decide: Callable[[YourTurn], Answer], turn: YourTurn) -> Optional[SentCommand]:
        try:
            answer = decide(turn)
            command = None if answer is None else turn.command_at(answer)
        except Exception as error:
            self.log("decide failed on %s: %r; the clock will play" % (turn.request_id, error))
            return None
        if command is None:
            return None
        if _past(turn.deadline):
            # The clock has played for the seat: an answer now would only be refused.
            self.settled.add(turn.request_id)
            self.log("%s answered after its deadline; not sent" % turn.request_id)
            return None
        self.settled.add(turn.request_id)
        sent = self.send_command(
            turn.game_id,
            turn.seat,
            command,
            command_id=turn.request_id,
            expected_version=turn.version,
            deadline=turn.deadline,
        )
        if sent.result in ("rejected", "failed"):
            self.log("%s %s after %d attempt(s): %s" % (sent.command_id, sent.result, sent.attempts, sent.detail))
        return sent


def play(
    decide: Callable[[YourTurn], Answer],
    games: Optional[int] = None,
    url: Optional[str] = None,
    token: Optional[str] = None,
    token_file: Optional[str] = None,
) -> PlayResult:
    """`RemoteClient(url, token, token_file).play(decide, games)`."""
    return RemoteClient(url, token, token_file).play(decide, games)


__all__ = [
    "RemoteClient",
    "RemoteError",
    "SentCommand",
    "PlayResult",
    "play",
    "retry_delay",
    "token_from_environment",
    "DEFAULT_URL",
]
