/**
 * Draws from a seed (mulberry32): the same seed gives the same draws, so that the demo's history and the benchmarks'
 * data sets come out the same every time.
 */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  /** One of the values, each with its weight. */
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    let draw = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of entries) {
      draw -= weight;
      if (draw < 0) return value;
    }
    return entries.at(-1)![0];
  };
  const chance = (probability: number) => next() < probability;
  /** Each value or not, even odds. */
  const subset = <T>(values: readonly T[]): T[] => values.filter(() => chance(0.5));
  /** `count` distinct values. */
  const some = <T>(values: readonly T[], count: number): T[] => {
    const pool = [...values];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return chosen;
  };
  const hex = (length: number) => {
    let text = '';
    while (text.length < length) text += ((next() * 4294967296) >>> 0).toString(16).padStart(8, '0');
    return text.slice(0, length);
  };
  return { next, int, pick, weighted, chance, subset, some, hex };
}
