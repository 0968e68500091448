"""twenty48_env: the 2048 RL environment (`2048 env --stdio`) from Python.

`EnvProcess` speaks the JSON lines with the standard library and numpy; `Twenty48Env` (in
`twenty48_env.gym_env`, imported on demand) is the Gymnasium environment over it.
"""

from .protocol import ACTIONS, EnvProcess, Twenty48EnvError, observation_arrays

__all__ = ["ACTIONS", "EnvProcess", "Twenty48EnvError", "observation_arrays"]
