"""What the tests share: where the repository's commands are, and how to start them."""

import os
import shlex
import shutil
import unittest

CLIENT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO_ROOT = os.path.dirname(os.path.dirname(CLIENT_DIR))
BUILT_BOT = os.path.join(REPO_ROOT, "packages", "bot-sdk", "dist", "bin", "boroughs-bot.js")
BUILT_CLI = os.path.join(REPO_ROOT, "apps", "cli", "dist", "boroughs.js")
TSX = os.path.join(REPO_ROOT, "packages", "bot-sdk", "node_modules", ".bin", "tsx")
BOT_SOURCE = os.path.join(REPO_ROOT, "packages", "bot-sdk", "src", "cli.ts")
NODE = shutil.which("node") or "node"


def bridge_command():
    """`boroughs-bot` as the tests run it: $BOROUGHS_BOT, else the built command (turbo builds it before these
    tests), else its source through tsx (slower to start, for a checkout that has not built it)."""
    if os.environ.get("BOROUGHS_BOT"):
        return shlex.split(os.environ["BOROUGHS_BOT"])
    if os.path.exists(BUILT_BOT):
        return [NODE, BUILT_BOT]
    if os.path.exists(TSX):
        return [TSX, BOT_SOURCE]
    raise unittest.SkipTest("no boroughs-bot: build it with `pnpm --filter @boroughs/bot-sdk build`")


def python_env():
    """The environment of a child Python that imports this package from its folder (no install needed)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = CLIENT_DIR + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env
