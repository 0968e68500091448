#!/usr/bin/env python3
"""Replay a twenty48 game record of version 2 with nothing but Python's standard library.

An independent check of the pinned generator (README, "Records"): it shares no code with the
engine. Usage:

    python3 scripts/verify_record.py record.json     # or the record on standard input
    python3 scripts/verify_record.py --draws SEED N  # draws 0..N-1 of SEED, one u per line

It prints one JSON line: {"board": [[...]], "score": n, "moves": n, "status": "playing"|"lost"}.
A record it cannot replay (bad JSON, another version, a move that changes nothing where the
rules forbid it, a move after the end) is named on standard error with exit status 1.
"""

import hashlib
import hmac
import json
import math
import sys

PREFIX = b"twenty48/v2/"

PRESETS = {
    "classic": {"size": 4, "merge": "once", "ineffectiveMoves": "ignore",
                "spawn": [{"value": 2, "weight": 0.9}, {"value": 4, "weight": 0.1}],
                "startTiles": 2, "scoring": "merges"},
    "fiveTwelve": {"size": 4, "merge": "cascade", "ineffectiveMoves": "spawn",
                   "spawn": [{"value": 2, "weight": 1}], "startTiles": 2, "scoring": "tileSum"},
    "tiers": {"size": 4, "merge": "chain", "ineffectiveMoves": "ignore",
              "spawn": [{"value": 2, "weight": 1}], "startTiles": 2, "scoring": "levelCubes"},
}


class RecordError(Exception):
    pass


def draw(seed, k):
    """Draw k: the first 8 bytes, big-endian, of HMAC-SHA256(seed, 'twenty48/v2/' + k)."""
    mac = hmac.new(seed.encode("utf-8"), PREFIX + str(k).encode("ascii"), hashlib.sha256)
    return int.from_bytes(mac.digest()[:8], "big")


def number_below(n, u):
    """floor(n * u / 2^64), exactly (Python integers have no bound)."""
    return (n * u) >> 64


def spawn_units(spawn):
    """The options from the last listed to the first, each in millionths of the weights' sum."""
    total = 0.0
    for option in spawn:
        total += option["weight"]
    units = [(o["value"], math.floor(o["weight"] / total * 1000000 + 0.5)) for o in spawn]
    return list(reversed(units))


class Game:
    def __init__(self, rules, seed):
        self.rules = rules
        self.seed = seed
        self.size = rules["size"]
        self.board = [[0] * self.size for _ in range(self.size)]
        self.draws = 0
        self.score = 0
        self.moves = 0
        self.lost = False
        for _ in range(rules["startTiles"]):
            self.spawn()
        self.score = self.score_after(0)
        self.lost = self.stuck()

    def spawn(self):
        empty = [(r, c) for r in range(self.size) for c in range(self.size) if self.board[r][c] == 0]
        if not empty:
            return False
        options = spawn_units(self.rules["spawn"])
        below = number_below(sum(units for _, units in options), draw(self.seed, self.draws))
        value = options[-1][0]
        for option_value, units in options:
            below -= units
            if below < 0:
                value = option_value
                break
        r, c = empty[number_below(len(empty), draw(self.seed, self.draws + 1))]
        self.draws += 2
        self.board[r][c] = value
        return True

    def lines(self, direction):
        n = range(self.size)
        if direction == "L":
            return [[(r, c) for c in n] for r in n]
        if direction == "R":
            return [[(r, c) for c in reversed(n)] for r in n]
        if direction == "U":
            return [[(r, c) for r in n] for c in n]
        return [[(r, c) for r in reversed(n)] for c in n]

    def collapse(self, values):
        """One line toward index 0: (the new line, the gain)."""
        merge = self.rules["merge"]
        stack = []  # [value, merged this move]
        gained = 0
        for value in values:
            if value == 0:
                continue
            if merge == "cascade":
                while stack and stack[-1][0] == value:
                    stack.pop()
                    value *= 2
                    gained += value
                stack.append([value, False])
            elif stack and stack[-1][0] == value and (merge == "chain" or not stack[-1][1]):
                stack[-1][0] *= 2
                stack[-1][1] = True
                gained += stack[-1][0]
            else:
                stack.append([value, False])
        line = [entry[0] for entry in stack]
        return line + [0] * (len(values) - len(line)), gained

    def slide(self, direction):
        board = [row[:] for row in self.board]
        gained = 0
        for cells in self.lines(direction):
            line, gain = self.collapse([self.board[r][c] for r, c in cells])
            gained += gain
            for (r, c), value in zip(cells, line):
                board[r][c] = value
        return board, gained

    def stuck(self):
        return all(self.slide(d)[0] == self.board for d in "UDLR")

    def score_after(self, gained):
        scoring = self.rules["scoring"]
        tiles = [v for row in self.board for v in row if v]
        if scoring == "merges":
            return self.score + gained
        if scoring == "tileSum":
            return sum(tiles)
        return sum(int(math.log2(v)) ** 3 for v in tiles)

    def play(self, letter):
        if self.lost:
            raise RecordError(f"ERR_MOVE_AFTER_END: move {self.moves + 1} comes after the end")
        board, gained = self.slide(letter)
        moved = board != self.board
        if not moved and self.rules["ineffectiveMoves"] == "ignore":
            raise RecordError(f"ERR_ILLEGAL_MOVE: move {self.moves + 1} changes nothing")
        self.board = board
        spawned = self.spawn()
        self.score = self.score_after(gained)
        self.moves += 1
        self.lost = self.stuck() if spawned else True


def rules_of(rules):
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise RecordError(f"ERR_RULES: no preset named {rules!r}")
        return PRESETS[rules]
    if not isinstance(rules, dict):
        raise RecordError("ERR_RULES: rules are a preset's name or an object")
    return rules


def replay(record):
    if not isinstance(record, dict) or record.get("version") != 2:
        raise RecordError("ERR_VERSION: this script replays version 2 records")
    seed, moves = record.get("seed"), record.get("moves")
    if not isinstance(seed, str) or not isinstance(moves, str):
        raise RecordError("ERR_SHAPE: a record is {version, rules, seed, moves}")
    game = Game(rules_of(record.get("rules")), seed)
    for letter in moves:
        if letter not in "UDLR":
            raise RecordError(f"ERR_MOVES: {letter!r} is not U, D, L or R")
        game.play(letter)
    return {"board": game.board, "score": game.score, "moves": game.moves,
            "status": "lost" if game.lost else "playing"}


USAGE = """usage: verify_record.py [RECORD.json]     replay a version 2 record (stdin without a file)
       verify_record.py --draws SEED N     print the first N draws of SEED"""


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(USAGE)
        return 0
    if len(argv) > 1 and argv[1] == "--draws":
        if len(argv) != 4 or not argv[3].isdigit():
            print(f"verify_record: ERR_USAGE: --draws takes a seed and a count\n{USAGE}",
                  file=sys.stderr)
            return 2
        for k in range(int(argv[3])):
            print(draw(argv[2], k))
        return 0
    if len(argv) > 2:
        print(f"verify_record: ERR_USAGE: one record file at most\n{USAGE}", file=sys.stderr)
        return 2
    try:
        try:
            text = open(argv[1], encoding="utf-8").read() if len(argv) > 1 else sys.stdin.read()
        except (OSError, UnicodeDecodeError) as error:
            raise RecordError(f"ERR_READ: {error}") from None
        try:
            record = json.loads(text)
        except ValueError as error:
            raise RecordError(f"ERR_JSON: {error}") from None
        print(json.dumps(replay(record), separators=(",", ":")))
        return 0
    except RecordError as error:
        print(f"verify_record: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
