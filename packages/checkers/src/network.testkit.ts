// Random evaluation networks for the tests of the network and of the search kernel.
import { type EvalNetwork, NETWORK_INPUTS } from './network.js';

/** A network of `hidden` units (and `hidden2` in a second layer; 0: one layer) whose every
 * weight and bias is a draw of `uniform`. */
export function randomNetwork(hidden: number, hidden2: number, uniform: () => number): EvalNetwork {
  const net = {
    hidden,
    w1: new Float32Array(NETWORK_INPUTS * hidden).map(uniform),
    b1: new Float32Array(hidden).map(uniform),
    w2: new Float32Array(hidden2 > 0 ? hidden2 : hidden).map(uniform),
    b2: uniform(),
  };
  if (hidden2 === 0) return net;
  return {
    ...net,
    hidden2,
    wMid: new Float32Array(hidden2 * hidden).map(uniform),
    bMid: new Float32Array(hidden2).map(uniform),
  };
}
