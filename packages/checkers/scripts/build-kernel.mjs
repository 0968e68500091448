// Compiles the evaluation network's forward pass (packages/checkers/assembly/network.ts, with
// 128-bit SIMD) into packages/checkers/src/network-wasm.generated.ts (not tracked;
// scripts/asc-kernel.mjs). Run by `npm run build` before `tsc -b`.
import { fileURLToPath } from 'node:url';
import { compileKernel, emitKernel } from '../../../scripts/asc-kernel.mjs';

const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));

emitKernel(
  path('../src/network-wasm.generated.ts'),
  'NETWORK_WASM_BASE64',
  'packages/checkers/scripts/build-kernel.mjs from packages/checkers/assembly/network.ts',
  await compileKernel(path('../assembly/network.ts'), ['--enable', 'simd']),
);
