import random
import unittest

from boroughs.env import Env, EnvError, IllegalCommand

from support import REPO_ROOT, bridge_command

GAMES = {"downtown": 4, "manhattan": 2, "suburbia": 3, "uptown": 2, "urban-sprawl": 3}


class EnvTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.command = bridge_command()

    def env(self, game, **kwargs):
        env = Env(game, command=self.command, cwd=REPO_ROOT, **kwargs)
        self.addCleanup(env.close)
        return env

    def test_every_game_resets_and_steps(self):
        for game, seats in GAMES.items():
            with self.subTest(game=game):
                env = self.env(game, seats=seats, opponents="random")
                observation = env.reset(seed=3)
                self.assertFalse(observation["done"])
                self.assertEqual(env.current_seat, 0)
                for _ in range(5):
                    if env.done:
                        break
                    legal = env.legal_actions()
                    self.assertEqual(legal, env.observation()["legal"])
                    self.assertGreater(len(legal), 0)
                    observation, rewards, done, info = env.step(len(legal) - 1)
                    self.assertEqual(info["seat"], 0)
                    self.assertEqual(len(rewards), seats)

    def test_a_whole_game_to_its_rewards(self):
        env = self.env("downtown", seats=4, agents=(0,), opponents="heuristic,random")
        rng = random.Random(1)
        observation = env.reset(seed="whole")
        done, steps, versions = False, 0, []
        while not done:
            self.assertEqual(observation["seat"], 0)
            # Only the agent's own view is ever sent.
            self.assertEqual(observation["view"]["viewer"], {"kind": "seat", "seat": 0})
            versions.append(observation["version"])
            action = rng.choice(env.legal_actions())  # by value this time
            observation, rewards, done, info = env.step(action)
            steps += 1
            if not done:
                self.assertEqual(rewards, [0.0] * 4)
        self.assertEqual(versions, sorted(versions))
        self.assertGreater(steps, 10)
        self.assertIsNone(env.current_seat)
        self.assertEqual(env.legal_actions(), [])
        self.assertAlmostEqual(sum(rewards), 1.0)
        winners = [seat for seat, rank in enumerate(info["ranks"]) if rank == 1]
        self.assertEqual(rewards, [1 / len(winners) if seat in winners else 0 for seat in range(4)])
        self.assertEqual(len(info["scores"]), 4)
        self.assertEqual(observation["rewards"], rewards)

        # The same seed and the same actions make the same game.
        rng = random.Random(1)
        env.reset(seed="whole")
        again = None
        while not env.done:
            again, rewards_again, _, info_again = env.step(rng.choice(env.legal_actions()))
        self.assertEqual((info_again["ranks"], info_again["scores"]), (info["ranks"], info["scores"]))

    def test_an_illegal_action_changes_nothing(self):
        env = self.env("uptown", seats=2, opponents="random")
        before = env.reset(seed=5)
        with self.assertRaises(IllegalCommand):
            env.step({"type": "NotAMove"})
        with self.assertRaises(IllegalCommand):
            env.step(len(before["legal"]))
        with self.assertRaises(TypeError):
            env.step("first")
        self.assertEqual(env.observation(), before)
        after, _, _, _ = env.step(0)
        self.assertGreater(after["version"], before["version"])

    def test_a_bad_reset_says_why(self):
        env = self.env("uptown", seats=2, opponents="nobody")
        with self.assertRaises(EnvError) as caught:
            env.reset(seed=1)
        self.assertEqual(caught.exception.reason, "bad-reset")
        self.assertIn("nobody", str(caught.exception))

    def test_several_agent_seats_are_asked_in_turn(self):
        env = self.env("downtown", seats=3, agents=(0, 1, 2))
        env.reset(seed=2)
        seen = set()
        for _ in range(40):
            seen.add(env.current_seat)
            env.step(0)
        self.assertEqual(seen, {0, 1, 2})


if __name__ == "__main__":
    unittest.main()
