"""A Gymnasium environment over `2048 env --stdio` (needs gymnasium and numpy)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .protocol import EnvProcess, observation_arrays


class Twenty48Env(gym.Env):
    """2048 as a Gymnasium env: the observation is the board (int64, size x size); `info` has
    `action_mask` (int8, 4) and `afterstates` (int64, 4 x size x size; zeros where the action
    changes nothing). Actions: 0 up, 1 down, 2 left, 3 right."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        rules: str = "classic",
        max_episode_steps: Optional[int] = None,
        render_mode: Optional[str] = None,
        command: Optional[Sequence[str]] = None,
    ) -> None:
        self._process = EnvProcess(rules=rules, command=command)
        spec = self._process.spec()
        box = spec["observation_space"]
        self.observation_space = spaces.Box(
            low=box["low"], high=box["high"], shape=tuple(box["shape"]), dtype=np.int64
        )
        self.action_space = spaces.Discrete(spec["action_space"]["n"])
        self.reward_range = tuple(spec["reward_range"])
        self.render_mode = render_mode
        self._max_episode_steps = max_episode_steps
        self._board: Optional[np.ndarray] = None

    def _split(self, observation: dict[str, Any], info: dict[str, Any]):
        arrays = observation_arrays(observation)
        self._board = arrays["board"]
        info = dict(info)
        info["action_mask"] = arrays["action_mask"]
        info["afterstates"] = arrays["afterstates"]
        info["score"] = observation["score"]
        return arrays["board"], info

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None):
        super().reset(seed=seed)
        # Without a seed, the next game's seed comes from the env's own generator, so a seeded
        # env replays its whole sequence of episodes.
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**31 - 1))
        limit = (options or {}).get("max_episode_steps", self._max_episode_steps)
        reply = self._process.reset(seed=game_seed, max_episode_steps=limit)
        return self._split(reply["observation"], reply["info"])

    def step(self, action):
        reply = self._process.step(int(action))
        board, info = self._split(reply["observation"], reply["info"])
        return board, float(reply["reward"]), reply["terminated"], reply["truncated"], info

    def render(self):
        if self.render_mode == "ansi" and self._board is not None:
            return "\n".join(" ".join(f"{v:5d}" for v in row) for row in self._board) + "\n"
        return None

    def close(self) -> None:
        self._process.close()
