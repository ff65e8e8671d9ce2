import json
import subprocess
import unittest

from support import REPO_ROOT, bridge_command, python_env


class LocalRunTest(unittest.TestCase):
    def test_the_example_stdio_bot_plays_a_whole_local_game(self):
        result = subprocess.run(
            bridge_command()
            + ["run", "--local", "--game", "downtown", "--seats", "4", "--bots", "child,heuristic,random",
               "--seed", "python-client", "--json", "--", "python3", "-m", "boroughs.examples.stdio_bot"],
            cwd=REPO_ROOT,
            env=python_env(),
            capture_output=True,
            text=True,
            timeout=120,
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        summary = json.loads(result.stdout)
        self.assertEqual(summary["child"]["name"], "python-random")
        self.assertEqual(summary["child"]["stats"]["illegal"], 0)
        self.assertEqual(summary["child"]["stats"]["malformed"], 0)
        self.assertEqual(summary["child"]["stats"]["timeouts"], 0)
        # The bots' list repeats over the seats: the child holds seats 0 and 3.
        played = [c for c in summary["commands"] if c["seat"] in (0, 3)]
        self.assertGreater(len(played), 10)
        self.assertTrue(all(c["defaulted"] is None for c in played))
        self.assertEqual(len(summary["outcome"]["ranks"]), 4)
        self.assertIn("playing downtown at seats [0, 3]", result.stderr)


if __name__ == "__main__":
    unittest.main()
