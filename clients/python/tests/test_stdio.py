import io
import json
import subprocess
import sys
import unittest

from boroughs.stdio import log, run_bot

from support import CLIENT_DIR, python_env

TURN = {
    "type": "yourTurn",
    "requestId": "local:0:8",
    "gameId": "local",
    "game": "downtown",
    "seat": 0,
    "version": 8,
    "kind": "zoning",
    "view": {},
    "legal": [{"type": "DrawZoningTile", "pile": "west"}, {"type": "DrawZoningTile", "pile": "east"}],
    "deadline": None,
    "timeLeftMs": None,
}


def lines(*messages):
    return "".join(json.dumps(m) + "\n" for m in messages)


def run(decide, text, **hooks):
    out = io.StringIO()
    code = run_bot(decide, "test-bot", stdin=io.StringIO(text), stdout=out, **hooks)
    return code, [json.loads(l) for l in out.getvalue().splitlines()]


class RunBotTest(unittest.TestCase):
    def test_a_session(self):
        seen = []

        def decide(turn):
            seen.append(turn.request_id)
            log("thinking about " + turn.kind)
            return 1 if turn.version == 8 else {"type": "DrawZoningTile", "pile": "west"}

        started, ended = [], []
        code, out = run(
            decide,
            lines(
                {"type": "hello", "protocol": 2, "bridge": "boroughs-bot"},
                {"type": "gameStarted", "gameId": "local", "game": "downtown", "seats": [0], "players": ["a", "b"],
                 "decisionMs": 30000, "version": 1},
                TURN,
                dict(TURN, requestId="local:0:9", version=9),
                {"type": "gameEnded", "gameId": "local", "version": 20, "ranks": [1, 2], "scores": [5, 3],
                 "reason": "rules"},
                {"type": "quit", "reason": "done"},
                TURN,  # after quit: never read
            ),
            on_game_started=started.append,
            on_game_ended=ended.append,
        )
        self.assertEqual(code, 0)
        self.assertEqual(seen, ["local:0:8", "local:0:9"])
        self.assertEqual(
            out,
            [
                {"type": "hello", "protocol": 2, "name": "test-bot"},
                {"type": "log", "message": "thinking about zoning"},
                {"type": "command", "requestId": "local:0:8", "index": 1},
                {"type": "log", "message": "thinking about zoning"},
                {"type": "command", "requestId": "local:0:9", "command": {"type": "DrawZoningTile", "pile": "west"}},
            ],
        )
        self.assertEqual(started[0].seats, (0,))
        self.assertEqual(ended[0].ranks, (1, 2))

    def test_an_illegal_answer_is_answered_again_with_the_first_legal_command(self):
        _, out = run(
            lambda turn: {"type": "Nope"},
            lines(
                TURN,
                {"type": "error", "reason": "illegal-command", "message": "no", "requestId": "local:0:8"},
                {"type": "error", "reason": "malformed", "message": "?"},
            ),
        )
        self.assertEqual(
            out,
            [
                {"type": "command", "requestId": "local:0:8", "command": {"type": "Nope"}},
                {"type": "command", "requestId": "local:0:8", "index": 0},
            ],
        )

    def test_no_answer_a_failing_decide_and_a_refused_protocol(self):
        _, out = run(lambda turn: None, lines(TURN))
        self.assertEqual(out, [])

        def broken(turn):
            raise KeyError("oops")

        stderr, sys.stderr = sys.stderr, io.StringIO()
        try:
            _, out = run(broken, "not json\n" + lines(TURN))
            self.assertIn("KeyError", sys.stderr.getvalue())
        finally:
            sys.stderr = stderr
        self.assertEqual(out, [{"type": "command", "requestId": "local:0:8", "index": 0}])
        code, _ = run(lambda t: 0, lines({"type": "error", "reason": "unsupported-protocol", "message": "v9"}))
        self.assertEqual(code, 1)

    def test_the_example_bot_over_pipes(self):
        process = subprocess.Popen(
            [sys.executable, "-m", "boroughs.examples.stdio_bot"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=CLIENT_DIR,
            env=python_env(),
        )
        process.stdin.write(lines({"type": "hello", "protocol": 2, "bridge": "test"}))
        process.stdin.flush()
        self.assertEqual(json.loads(process.stdout.readline()), {"type": "hello", "protocol": 2, "name": "python-random"})
        process.stdin.write(lines(TURN))
        process.stdin.flush()
        answer = json.loads(process.stdout.readline())
        self.assertEqual(answer["requestId"], "local:0:8")
        self.assertIn(answer["index"], (0, 1))
        process.stdin.write(lines({"type": "quit", "reason": "done"}))
        process.stdin.close()
        self.assertEqual(process.wait(timeout=10), 0)
        process.stdout.close()


if __name__ == "__main__":
    unittest.main()
