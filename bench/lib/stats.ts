/**
 * How far a figure measured on a few hundred requests can be trusted. A blind rule is read on requests that moved
 * (found by one side only, ranked higher or lower); whether those moves say more than a coin would is the sign
 * test's question, and how wide a Recall@5 figure's uncertainty is, Wilson's interval's.
 */

/**
 * The exact two-sided sign test (McNemar's test on paired requests): the chance, if each moved request were as
 * likely to move either way, of a split at least as uneven as `wins` to `losses`. 1 when nothing moved.
 */
export function signTestP(wins: number, losses: number): number {
  if (!Number.isInteger(wins) || !Number.isInteger(losses) || wins < 0 || losses < 0)
    throw new Error(`signTestP: counts must be whole and not negative (got ${wins}, ${losses})`);
  const n = wins + losses;
  if (n === 0) return 1;
  const k = Math.min(wins, losses);
  // The binomial terms C(n, i) / 2^n for i = 0 … k, each from the one before, in logarithms (no underflow at large n).
  let logTerm = -n * Math.LN2;
  let tail = Math.exp(logTerm);
  for (let i = 0; i < k; i++) {
    logTerm += Math.log(n - i) - Math.log(i + 1);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, 2 * tail);
}

/** Wilson's 95 % interval for a share `hits` of `n` (0–1 each end); [0, 1] when n is 0. */
export function wilsonInterval(hits: number, n: number, z = 1.959964): [number, number] {
  if (n === 0) return [0, 1];
  if (hits < 0 || hits > n) throw new Error(`wilsonInterval: ${hits} hits of ${n}`);
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** A p-value as the reports print it: three decimals, or "<0.001". */
export const formatP = (p: number) => (p < 0.001 ? "<0.001" : p.toFixed(3));
