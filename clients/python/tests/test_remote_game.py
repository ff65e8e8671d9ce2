"""One game on a real server: `boroughs server` on a fresh PGlite folder, played to the end by boroughs.remote."""

import os
import re
import secrets
import shutil
import subprocess
import tempfile
import threading
import unittest

from boroughs.remote import RemoteClient, RemoteError

from support import BUILT_CLI, NODE


@unittest.skipUnless(os.path.exists(BUILT_CLI), "the built CLI is absent: pnpm --filter @boroughs/cli build")
class RemoteGameTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="boroughs-python-")
        cls.organiser = os.path.join(cls.dir, "organiser.token")
        with open(os.open(cls.organiser, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
            f.write(secrets.token_hex(24))
        cls.env = dict(os.environ, DATABASE_URL="", CI="true")
        cls.server_log = open(os.path.join(cls.dir, "server.log"), "w+")
        cls.server = subprocess.Popen(
            [NODE, BUILT_CLI, "server", "--db", os.path.join(cls.dir, "db"), "--port", "0",
             "--organiser-token-file", cls.organiser],
            cwd=cls.dir,
            env=cls.env,
            stdout=subprocess.PIPE,
            stderr=cls.server_log,
            text=True,
        )
        url = None
        for line in cls.server.stdout:
            found = re.search(r"listening on (http://\S+)", line)
            if found:
                url = found.group(1)
                break
        if url is None:
            cls.server_log.seek(0)
            said = cls.server_log.read()
            cls.tearDownClass()
            raise RuntimeError("the server ended before serving:\n" + said)
        cls.url = url
        # Keep reading its output so that it never blocks on a full pipe.
        threading.Thread(target=lambda: [None for _ in cls.server.stdout], daemon=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        try:
            cls.server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            cls.server.kill()
            cls.server.wait()
        cls.server.stdout.close()
        cls.server_log.close()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def boroughs(self, *args):
        result = subprocess.run(
            [NODE, BUILT_CLI, *args, "--url", self.url, "--token-file", self.organiser],
            cwd=self.dir, env=self.env, capture_output=True, text=True, timeout=60,
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout.strip()

    def test_a_whole_game_with_two_seats_of_the_token(self):
        token_file = os.path.join(self.dir, "py.token")
        self.boroughs("token", "create", "--kind", "bot", "--name", "py", "--out", token_file)
        game_id = self.boroughs("game", "create", "--game", "downtown", "--seats", "bot:py,builtin:heuristic,bot:py",
                                "--seed", "python-remote")
        self.assertRegex(game_id, r"^g[0-9a-f]+$")

        client = RemoteClient(self.url, token_file=token_file, log=lambda line: None)
        seats = set()

        def decide(turn):
            seats.add(turn.seat)
            return len(turn.legal) - 1

        result = client.play(decide, games=1)
        self.assertEqual(result.stopped, "games")
        self.assertEqual([e.game_id for e in result.ended], [game_id])
        self.assertEqual(seats, {0, 2})
        results = [c.result for c in result.commands]
        self.assertGreater(results.count("accepted"), 20)
        # A vote answered at a position another seat's vote had moved on is refused as stale, never played.
        self.assertEqual(set(results) - {"accepted", "stale"}, set())
        ids = [c.command_id for c in result.commands]
        self.assertEqual(len(ids), len(set(ids)))
        game = client.get_game(game_id)
        self.assertEqual(game["status"], "ended")
        self.assertEqual(list(result.ended[0].ranks), game["outcome"]["ranks"])

    def test_the_ladder_entry_the_table_and_leaving(self):
        token_file = os.path.join(self.dir, "climber.token")
        self.boroughs("token", "create", "--kind", "bot", "--name", "climber", "--out", token_file)
        client = RemoteClient(self.url, token_file=token_file, log=lambda line: None)
        self.assertEqual(client.enter_ladder("uptown"), {"game": "uptown", "holder": "bot:climber", "status": "active"})
        table = client.ladder("uptown")
        self.assertEqual(table["house"], ["builtin:heuristic"])
        [entry] = [s for s in table["standings"] if s["holder"] == "bot:climber"]
        self.assertEqual((entry["rank"], entry["games"], entry["status"]), (None, 0, "active"))
        self.assertEqual(client.leave_ladder("uptown")["status"], "left")
        with self.assertRaises(RemoteError) as refused:
            client.leave_ladder("uptown")
        self.assertEqual(refused.exception.status, 404)
        with self.assertRaises(RemoteError) as unknown:
            client.enter_ladder("chess")
        self.assertEqual(unknown.exception.status, 404)


if __name__ == "__main__":
    unittest.main()
