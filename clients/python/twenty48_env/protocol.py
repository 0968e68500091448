"""The JSON-lines protocol of `2048 env --stdio`, spoken from Python (standard library + numpy).

One process serves one game, or N games stepped together (`--envs N`). Replies are turned
into numpy arrays: boards as int64 (size, size), the action mask as int8 (4,), afterstates as
int64 (4, size, size) with zeros where an action changes nothing (the mask tells which).
"""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any, Optional, Sequence

import numpy as np

#: Actions by number, as the environment indexes them.
ACTIONS = ("up", "down", "left", "right")


class Twenty48EnvError(RuntimeError):
    """An error line from the environment: `code` is its ERR_… name."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


def default_command() -> list[str]:
    """`$TWENTY48_ENV_COMMAND` split on spaces, else the `2048` program on the PATH."""
    override = os.environ.get("TWENTY48_ENV_COMMAND")
    return override.split() if override else ["2048"]


def observation_arrays(observation: dict[str, Any]) -> dict[str, np.ndarray]:
    """The board, action mask and afterstates of one observation as numpy arrays."""
    board = np.asarray(observation["board"], dtype=np.int64)
    afterstates = np.zeros((4,) + board.shape, dtype=np.int64)
    for index, after in enumerate(observation["afterstates"]):
        if after is not None:
            afterstates[index] = np.asarray(after, dtype=np.int64)
    return {
        "board": board,
        "action_mask": np.asarray(observation["action_mask"], dtype=np.int8),
        "afterstates": afterstates,
    }


class EnvProcess:
    """A running `2048 env --stdio` process: one request line out, one reply line back."""

    def __init__(
        self,
        envs: int = 1,
        rules: str = "classic",
        command: Optional[Sequence[str]] = None,
    ) -> None:
        argv = list(command or default_command()) + ["env", "--stdio", "--rules", rules]
        if envs != 1:
            argv += ["--envs", str(envs)]
        self.envs = envs
        self._process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request; return the reply, or raise Twenty48EnvError on an error line."""
        if self._process.stdin is None or self._process.stdout is None:
            raise Twenty48EnvError("ERR_CLOSED", "the environment process is closed")
        self._process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
        self._process.stdin.flush()
        line = self._process.stdout.readline()
        if not line:
            raise Twenty48EnvError("ERR_CLOSED", "the environment process ended")
        reply = json.loads(line)
        if isinstance(reply, dict) and "error" in reply:
            raise Twenty48EnvError(reply["error"]["code"], reply["error"]["message"])
        return reply

    def reset(
        self, seed: Optional[str | int] = None, max_episode_steps: Optional[int] = None
    ) -> dict[str, Any]:
        """`{"cmd":"reset"}` with the seed and step limit when given."""
        message: dict[str, Any] = {"cmd": "reset"}
        if seed is not None:
            message["seed"] = seed
        if max_episode_steps is not None:
            message["max_episode_steps"] = max_episode_steps
        return self.request(message)

    def step(self, action: int | Sequence[int]) -> dict[str, Any]:
        """One action (one game) or one per game (`envs` > 1)."""
        if self.envs == 1:
            return self.request({"cmd": "step", "action": int(action)})  # type: ignore[arg-type]
        return self.request({"cmd": "step", "actions": [int(a) for a in action]})  # type: ignore[union-attr]

    def spec(self) -> dict[str, Any]:
        """Spaces, reward range, rules and the number of games."""
        return self.request({"cmd": "spec"})

    def record(self, env: int = 0) -> dict[str, Any]:
        """The record of game `env`: replay it with the engine's `replay`."""
        return self.request({"cmd": "record", "env": env})["record"]

    def close(self) -> None:
        """Say close, then wait for the process to end."""
        if self._process.poll() is None:
            try:
                self.request({"cmd": "close"})
            except (Twenty48EnvError, BrokenPipeError, ValueError):
                pass
            if self._process.stdin:
                self._process.stdin.close()
            self._process.wait(timeout=10)
        if self._process.stdout:
            self._process.stdout.close()
