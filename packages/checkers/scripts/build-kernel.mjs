// Compiles the checkers kernels (AssemblyScript, with 128-bit SIMD) into generated TypeScript
// files (not tracked; scripts/asc-kernel.mjs): the evaluation network's forward pass
// (assembly/network.ts -> src/network-wasm.generated.ts) and the search, with the network in
// the same memory (assembly/search.ts -> src/search-wasm.generated.ts). Run by `npm run build`
// before `tsc -b`.
import { fileURLToPath } from 'node:url';
import { compileKernel, emitKernel } from '../../../scripts/asc-kernel.mjs';

const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));

for (const [source, target, constant] of [
  ['network.ts', 'network-wasm.generated.ts', 'NETWORK_WASM_BASE64'],
  ['search.ts', 'search-wasm.generated.ts', 'SEARCH_WASM_BASE64'],
])
  emitKernel(
    path(`../src/${target}`),
    constant,
    `packages/checkers/scripts/build-kernel.mjs from packages/checkers/assembly/${source}`,
    await compileKernel(path(`../assembly/${source}`), ['--enable', 'simd']),
  );
