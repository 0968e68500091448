"""Gymnasium's own checker on Twenty48Env, then one seeded episode (needs gymnasium)."""

from gymnasium.utils.env_checker import check_env

from twenty48_env.gym_env import Twenty48Env

env = Twenty48Env(max_episode_steps=200)
check_env(env, skip_render_check=False)
board, info = env.reset(seed=7)
total, done = 0.0, False
while not done:
    legal = info["action_mask"].nonzero()[0]
    board, reward, terminated, truncated, info = env.step(int(legal[0]))
    total += reward
    done = terminated or truncated
env.close()
print(f"check_env passed; one episode scored {total}")
