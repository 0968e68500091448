// Compiles the 2048 WebAssembly kernels with AssemblyScript into generated TypeScript files under
// packages/ai/src (not tracked; scripts/asc-kernel.mjs):
// - kernel.ts: the heuristic expectimax -> kernel-wasm.generated.ts
// - ntuple.ts: the n-tuple network (player) -> ntuple-wasm.generated.ts
// - ntuple.ts with an imported shared memory (the trainer's worker threads, Node only)
//   -> ntuple-shared-wasm.generated.ts
// Run by `npm run build` before `tsc -b`.
import { fileURLToPath } from 'node:url';
import { compileKernel, emitKernel } from '../../../scripts/asc-kernel.mjs';

/** Largest shared memory the trainer may grow to, in 64 KiB pages (2 GiB). */
const SHARED_MAX_PAGES = 32768;

const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));
const origin = (source) =>
  `packages/ai/scripts/build-kernel.mjs from packages/ai/assembly/${source}`;

emitKernel(
  path('../src/kernel-wasm.generated.ts'),
  'KERNEL_WASM_BASE64',
  origin('kernel.ts'),
  await compileKernel(path('../assembly/kernel.ts')),
);
emitKernel(
  path('../src/ntuple-wasm.generated.ts'),
  'NTUPLE_WASM_BASE64',
  origin('ntuple.ts'),
  await compileKernel(path('../assembly/ntuple.ts')),
);
emitKernel(
  path('../src/ntuple-shared-wasm.generated.ts'),
  'NTUPLE_SHARED_WASM_BASE64',
  origin('ntuple.ts (shared memory)'),
  await compileKernel(path('../assembly/ntuple.ts'), [
    '--importMemory',
    '--sharedMemory',
    '--enable',
    'threads',
    '--initialMemory',
    '64',
    '--maximumMemory',
    String(SHARED_MAX_PAGES),
  ]),
);
