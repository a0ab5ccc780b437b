// Benchmark settings from the environment (BENCH_DURATION and the like).

/** A whole number ≥ 0 from the environment variable `name`, or `fallback` when it is unset or empty. */
export function wholeNumberFromEnv(name, fallback) {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0 (got ${JSON.stringify(raw)}).`);
  return n;
}
