// Bit helpers the checkers kernels share (assembly/network.ts, assembly/search.ts).

/** The 32-bit mask read backwards: the board turned half round. */
@inline
export function reversed(x: u32): u32 {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  return bswap<u32>(x);
}
