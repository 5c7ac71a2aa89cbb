/** Shared by the page benchmarks' children (history, plans): seeding and timing helpers. */

/** Prisma's SQLite adapter stores DateTime as ISO text with an explicit offset. */
export const stamp = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export interface ViewTiming {
  median_ms: number;
  max_ms: number;
}

/** Runs `render` once to warm up, then `runs` times; its median and slowest time. */
export async function timeView(render: () => Promise<unknown>, runs: number): Promise<ViewTiming> {
  await render();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await render();
    times.push(performance.now() - started);
  }
  return {
    median_ms: Math.round(median(times) * 10) / 10,
    max_ms: Math.round(Math.max(...times) * 10) / 10,
  };
}
