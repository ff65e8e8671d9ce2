import json
import unittest

from boroughs.messages import (
    Error,
    GameEnded,
    GameStarted,
    KeepAlive,
    MalformedMessage,
    Quit,
    StreamClosed,
    Unknown,
    YourTurn,
    command_message,
    encode,
    hello_message,
    parse_line,
    parse_message,
)

TURN = {
    "type": "yourTurn",
    "requestId": "g1:0:7",
    "gameId": "g1",
    "game": "downtown",
    "seat": 0,
    "version": 7,
    "kind": "vote",
    "view": {"round": 1},
    "legal": [{"type": "CastVote", "construction": "housing"}, {"type": "CastVote", "construction": "park"}],
    "deadline": "2026-01-01T12:00:30.000Z",
    "timeLeftMs": 29874,
}


class MessagesTest(unittest.TestCase):
    def test_your_turn_reads_every_field_and_ignores_unknown_ones(self):
        turn = parse_message(dict(TURN, addedInVersion3={"x": 1}))
        self.assertIsInstance(turn, YourTurn)
        self.assertEqual(turn.request_id, "g1:0:7")
        self.assertEqual((turn.game_id, turn.seat, turn.version, turn.kind), ("g1", 0, 7, "vote"))
        self.assertEqual(turn.view, {"round": 1})
        self.assertEqual(turn.legal[1], {"type": "CastVote", "construction": "park"})
        self.assertEqual((turn.deadline, turn.time_left_ms), ("2026-01-01T12:00:30.000Z", 29874))
        self.assertEqual(turn.command_at(1), turn.legal[1])
        self.assertEqual(turn.command_at({"type": "X"}), {"type": "X"})
        with self.assertRaises(TypeError):
            turn.command_at(True)

    def test_a_missing_request_id_is_the_decisions_name(self):
        turn = parse_message({k: v for k, v in TURN.items() if k != "requestId"})
        self.assertEqual(turn.request_id, "g1:0:7")

    def test_the_other_messages(self):
        started = parse_line(
            '{"type":"gameStarted","gameId":"g1","game":"uptown","seats":[0,2],'
            '"players":["bot:a","builtin:random","bot:a"],"decisionMs":null,"version":3}\n'
        )
        self.assertEqual(started, GameStarted("g1", "uptown", (0, 2), ("bot:a", "builtin:random", "bot:a"), None, 3))
        # Protocol 1's gameStarted named the seat count.
        old = parse_message({"type": "gameStarted", "gameId": "local", "game": "uptown", "seats": [0], "players": 2})
        self.assertEqual(old.players, (None, None))
        ended = parse_message(
            {"type": "gameEnded", "gameId": "g1", "version": 9, "ranks": [2, 1], "scores": [3, 5], "reason": "rules"}
        )
        self.assertEqual(ended, GameEnded("g1", 9, (2, 1), (3, 5), "rules"))
        self.assertEqual(parse_message({"type": "keepAlive", "time": "t"}), KeepAlive("t"))
        self.assertEqual(
            parse_message({"type": "streamClosed", "reason": "replaced", "message": "m"}),
            StreamClosed("replaced", "m"),
        )
        self.assertEqual(
            parse_message({"type": "error", "reason": "illegal-command", "message": "m", "requestId": "r"}),
            Error("illegal-command", "m", "r"),
        )
        self.assertEqual(parse_message({"type": "quit", "reason": "done"}), Quit("done"))
        self.assertEqual(parse_message({"type": "later", "a": 1}), Unknown("later", {"type": "later", "a": 1}))
        self.assertIsNone(parse_line("  \n"))

    def test_malformed_lines(self):
        for line in ("not json", "[1]", '{"no":"type"}', '{"type":"yourTurn"}'):
            with self.assertRaises(MalformedMessage, msg=line):
                parse_line(line)

    def test_outgoing_messages_are_one_compact_line(self):
        line = encode(command_message("g1:0:7", {"type": "CastVote", "construction": "ü"}))
        self.assertTrue(line.endswith("\n"))
        self.assertEqual(line.count("\n"), 1)
        self.assertEqual(
            json.loads(line), {"type": "command", "requestId": "g1:0:7", "command": {"type": "CastVote", "construction": "ü"}}
        )
        self.assertEqual(command_message("r", 2), {"type": "command", "requestId": "r", "index": 2})
        self.assertEqual(hello_message("me"), {"type": "hello", "protocol": 2, "name": "me"})
        with self.assertRaises(TypeError):
            command_message("r", "first")


if __name__ == "__main__":
    unittest.main()
