// Benchmark of the RL environment's JSON-lines protocol (what `2048 env --stdio` runs), in one
// process on one core: steps per second for one game, and for N games stepped together.
// Each step parses a request line and writes the reply line, as the CLI does (pipes excluded).
// Two figures: the environment alone (time inside the protocol: parse the request, step, write
// the reply) and the round trip with the agent's side in the same process (JSON.parse of each
// reply and a random legal action per game).
// Under load, wall-clock figures are lower bounds; the CPU-second figure is steadier.
// Usage: node packages/ai/scripts/env-speed.mjs [seconds=3] [envs=64]   (run `npm run build` first)
import { createEnvProtocol } from '../dist/index.js';

const seconds = Number(process.argv[2] ?? 3);
const batch = Number(process.argv[3] ?? 64);

/** Random legal actions from a small LCG, so runs repeat. */
let lcg = 12345;
const pick = (mask) => {
  lcg = (lcg * 1103515245 + 12345) >>> 0;
  const legal = [0, 1, 2, 3].filter((a) => mask[a] === 1);
  return legal.length === 0 ? 0 : legal[lcg % legal.length];
};

function run(envs) {
  const protocol = createEnvProtocol('classic', { envs });
  let reply = JSON.parse(protocol('{"cmd":"reset","seed":"bench","max_episode_steps":5000}').line);
  let steps = 0;
  let bytes = 0;
  let inside = 0;
  const timed = (request) => {
    const t0 = performance.now();
    const line = protocol(request).line;
    inside += performance.now() - t0;
    return line;
  };
  const cpu = process.cpuUsage();
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (let k = 0; k < 20; k++) {
      if (envs === 1) {
        if (reply.terminated || reply.truncated) {
          reply = JSON.parse(timed('{"cmd":"reset"}'));
        }
        const line = timed(`{"cmd":"step","action":${pick(reply.observation.action_mask)}}`);
        bytes += line.length;
        reply = JSON.parse(line);
        steps += 1;
      } else {
        const actions = reply.observations.map((o) => pick(o.action_mask));
        const line = timed(`{"cmd":"step","actions":[${actions.join(',')}]}`);
        bytes += line.length;
        reply = JSON.parse(line);
        steps += envs;
      }
    }
  }
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const label = envs === 1 ? 'single' : `batched x${envs}`;
  console.log(
    `${label}: environment ${Math.round(steps / (inside / 1000))} steps/s, ` +
      `round trip with the agent ${Math.round(steps / seconds)} steps/s ` +
      `(${Math.round(steps / cpuSeconds)} per CPU second) ` +
      `(${steps} steps in ${seconds} s, ${Math.round(bytes / (steps / envs))} bytes per reply line)`,
  );
}

run(1);
run(batch);
