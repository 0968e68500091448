"""The protocol client against a real `2048 env --stdio` (set TWENTY48_ENV_COMMAND)."""

import unittest

import numpy as np

from twenty48_env import EnvProcess, Twenty48EnvError, observation_arrays


class ProtocolTest(unittest.TestCase):
    def test_one_game(self):
        env = EnvProcess()
        try:
            spec = env.spec()
            self.assertEqual(spec["observation_space"]["shape"], [4, 4])
            self.assertEqual(spec["action_space"]["n"], 4)
            reply = env.reset(seed="py-1", max_episode_steps=3)
            self.assertEqual(reply["info"], {"seed": "py-1", "max_episode_steps": 3})
            arrays = observation_arrays(reply["observation"])
            self.assertEqual(arrays["board"].shape, (4, 4))
            self.assertEqual(arrays["board"].dtype, np.int64)
            self.assertEqual(arrays["afterstates"].shape, (4, 4, 4))
            self.assertEqual(int(np.count_nonzero(arrays["board"])), 2)
            steps = []
            for _ in range(3):
                action = int(np.flatnonzero(arrays["action_mask"])[0])
                chosen = arrays["afterstates"][action].copy()
                step = env.step(action)
                arrays = observation_arrays(step["observation"])
                # One tile spawned on the afterstate.
                self.assertEqual(int(np.count_nonzero(arrays["board"] - chosen)), 1)
                steps.append(step)
            self.assertEqual([s["truncated"] for s in steps], [False, False, True])
            self.assertEqual(len(env.record()["moves"]), 3)
            with self.assertRaises(Twenty48EnvError) as caught:
                env.step(0)
            self.assertEqual(caught.exception.code, "ERR_GAME_OVER")
            with self.assertRaises(Twenty48EnvError) as caught:
                env.request({"cmd": "jump"})
            self.assertEqual(caught.exception.code, "ERR_COMMAND")
        finally:
            env.close()

    def test_batch(self):
        env = EnvProcess(envs=8)
        try:
            reply = env.reset(seed="batch")
            self.assertEqual(len(reply["observations"]), 8)
            self.assertEqual(reply["infos"][7]["seed"], "batch-7")
            masks = np.array([o["action_mask"] for o in reply["observations"]], dtype=np.int8)
            actions = masks.argmax(axis=1)
            step = env.step(actions.tolist())
            for key in ("observations", "rewards", "terminated", "truncated", "infos"):
                self.assertEqual(len(step[key]), 8)
            boards = np.array([o["board"] for o in step["observations"]], dtype=np.int64)
            self.assertEqual(boards.shape, (8, 4, 4))
        finally:
            env.close()


if __name__ == "__main__":
    unittest.main()
