"""The remote client against a scripted fake gateway: reconnection, no duplicate answers, 429s, latest turn only."""

import json
import os
import tempfile
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from boroughs.remote import RemoteClient, RemoteError, retry_delay, token_from_environment


def turn(seat, version):
    return {
        "type": "yourTurn",
        "requestId": "g:%d:%d" % (seat, version),
        "gameId": "g",
        "game": "uptown",
        "seat": seat,
        "version": version,
        "kind": "move",
        "view": {},
        "legal": [{"type": "Move", "n": 0}, {"type": "Move", "n": 1}],
        "deadline": None,
        "timeLeftMs": None,
    }


STARTED = {"type": "gameStarted", "gameId": "g", "game": "uptown", "seats": [0, 1], "players": ["bot:t", "bot:t"],
           "decisionMs": None, "version": 1}


class Gateway:
    """The server's side of the script; each stream connection plays the next scene."""

    def __init__(self):
        self.posts = []
        self.streams = 0
        self.lock = threading.Lock()
        self.posted = threading.Condition(self.lock)
        self.decide_started = threading.Event()
        self.refused_once = False

    def wait_for_post(self, command_id, timeout=5.0):
        with self.posted:
            self.posted.wait_for(lambda: any(p["commandId"] == command_id for p in self.posts), timeout)

    def scene(self, number, write):
        if number == 1:
            write(STARTED, turn(0, 5))
            # g:1:6 and g:1:7 arrive while the bot thinks about g:0:5: only g:1:7 is answered.
            self.decide_started.wait(5)
            write(turn(1, 6), turn(1, 7))
            self.wait_for_post("g:0:5")
            return  # the connection drops
        if number == 2:
            return "429"
        # After the reconnection the server resends what it thinks is owed, answered already.
        self.wait_for_post("g:1:7")
        write(STARTED, turn(0, 5), turn(1, 7), {"type": "keepAlive", "time": "t"},
              {"type": "gameEnded", "gameId": "g", "version": 9, "ranks": [1, 2], "scores": [3, 1], "reason": "rules"},
              {"type": "streamClosed", "reason": "replaced", "message": "another stream"})


def serve(gateway):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"

        def log_message(self, *args):
            pass

        def reply(self, status, body, headers=()):
            data = json.dumps(body).encode()
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            if self.headers.get("Authorization") != "Bearer secret":
                return self.reply(401, {"_tag": "Unauthorized", "message": "no", "reason": "unknown"})
            with gateway.lock:
                gateway.streams += 1
                number = gateway.streams
            if number == 2:
                return self.reply(429, {"_tag": "RateLimited", "message": "slow", "retryAfterMs": 300},
                                  [("Retry-After", "1")])
            self.send_response(200)
            self.send_header("Content-Type", "application/x-ndjson")
            self.end_headers()

            def write(*messages):
                for m in messages:
                    self.wfile.write((json.dumps(m) + "\n").encode())
                self.wfile.flush()

            gateway.scene(number, write)

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            with gateway.posted:
                first = not gateway.refused_once
                gateway.refused_once = True
                gateway.posts.append(dict(body, refused=first))
                gateway.posted.notify_all()
            if first:
                return self.reply(429, {"_tag": "RateLimited", "message": "slow", "retryAfterMs": 200},
                                  [("Retry-After", "0")])
            self.reply(200, {"gameId": "g", "version": body["expectedVersion"] + 1, "duplicate": False, "events": []})

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class RemoteClientTest(unittest.TestCase):
    def test_resumes_after_a_drop_without_answering_twice(self):
        gateway = Gateway()
        server = serve(gateway)
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        asked = []

        def decide(t):
            asked.append(t.request_id)
            if t.request_id == "g:0:5":
                gateway.decide_started.set()
                time.sleep(0.3)
            return 1

        lines = []
        client = RemoteClient("http://127.0.0.1:%d/" % server.server_port, token="secret", log=lines.append)
        began = time.monotonic()
        result = client.play(decide)
        self.assertEqual(result.stopped, "replaced")
        self.assertEqual(asked, ["g:0:5", "g:1:7"])
        self.assertEqual([e.game_id for e in result.ended], ["g"])
        # The refused (429) attempt was tried again with the same id; nothing else was sent twice.
        self.assertEqual(
            [(p["commandId"], p["seat"], p["expectedVersion"], p["refused"]) for p in gateway.posts],
            [("g:0:5", 0, 5, True), ("g:0:5", 0, 5, False), ("g:1:7", 1, 7, False)],
        )
        self.assertEqual(gateway.posts[1]["command"], {"type": "Move", "n": 1})
        self.assertEqual([(c.command_id, c.result, c.attempts) for c in result.commands],
                         [("g:0:5", "accepted", 2), ("g:1:7", "accepted", 1)])
        # The stream's 429 was waited out (Retry-After: 1 s).
        self.assertGreaterEqual(time.monotonic() - began, 1.0)
        self.assertTrue(any("reconnecting" in line for line in lines), lines)

    def test_a_refused_token_raises(self):
        server = serve(Gateway())
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        client = RemoteClient("http://127.0.0.1:%d" % server.server_port, token="wrong", log=lambda line: None)
        with self.assertRaises(RemoteError) as caught:
            client.play(lambda t: 0)
        self.assertEqual((caught.exception.status, caught.exception.tag), (401, "Unauthorized"))

    def test_the_token_and_the_backoff(self):
        with tempfile.NamedTemporaryFile("w", delete=False) as f:
            f.write("  from-file\n")
        self.addCleanup(os.unlink, f.name)
        saved = {k: os.environ.pop(k, None) for k in ("BOROUGHS_TOKEN", "BOROUGHS_TOKEN_FILE")}
        try:
            self.assertIsNone(token_from_environment())
            os.environ["BOROUGHS_TOKEN"] = "from-env"
            self.assertEqual(token_from_environment(), "from-env")
            os.environ["BOROUGHS_TOKEN_FILE"] = f.name
            self.assertEqual(token_from_environment(), "from-file")
            self.assertEqual(token_from_environment(token="given"), "given")
        finally:
            for k, v in saved.items():
                os.environ.pop(k, None)
                if v is not None:
                    os.environ[k] = v
        self.assertTrue(0.2 <= retry_delay(0) <= 0.3)
        self.assertTrue(8 <= retry_delay(10) <= 12)
        self.assertEqual(retry_delay(0, 5.0), 5.0)


if __name__ == "__main__":
    unittest.main()
