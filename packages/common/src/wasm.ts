/**
 * The part of the WebAssembly API the kernels use, declared here: the packages' libraries are
 * ES2023's, without the DOM's or Node's declarations of it (both runtimes have it).
 */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (
    module: WasmModule,
    imports: Record<string, Record<string, unknown>>,
  ) => { readonly exports: unknown };
};

/** A compiled WebAssembly module. */
export type WasmModule = { readonly kind: 'WebAssembly.Module' };
// Both runtimes have it too.
declare function atob(base64: string): string;

/**
 * A module compiled from its bytes in base64 (a kernel built into a generated file), or null
 * where WebAssembly, or a feature the module uses (SIMD), is unavailable.
 *
 * @example
 * const module = compileWasm(NETWORK_WASM_BASE64); // null: go on without the kernel
 */
export function compileWasm(base64: string): WasmModule | null {
  try {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return new WebAssembly.Module(bytes);
  } catch {
    return null;
  }
}

/**
 * An instance of a compiled module with these imports; its exports as `T` (the caller's
 * declaration of them).
 */
export function instantiateWasm<T>(
  module: WasmModule,
  imports: Record<string, Record<string, unknown>> = {},
): T {
  return new WebAssembly.Instance(module, imports).exports as T;
}
