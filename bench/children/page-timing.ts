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

/**
 * The whole run of a page benchmark's child: a scratch database migrated and seeded, the app's
 * client pointed at it, each view timed (`timeView`) with the rows it matches, and one JSON line
 * printed: `seconds` is the slowest view's median. `extra` joins the line (the data's size).
 */
export async function benchPageViews<View>(options: {
  name: string;
  seed: (file: string) => void;
  views: Record<string, View>;
  render: (view: View) => Promise<unknown>;
  rows: (view: View) => Promise<number>;
  runs: number;
  extra: Record<string, unknown>;
}): Promise<void> {
  // Imported here, not at the top: the children set NODE_ENV before the app's modules load.
  const { mkdtempSync, rmSync } = await import("node:fs");
  const os = await import("node:os");
  const path = await import("node:path");
  const { createDb } = await import("@/lib/db/client");
  const { migrateDatabase } = await import("@/lib/db/migrations");
  const dir = mkdtempSync(path.join(os.tmpdir(), `signoff-bench-${options.name}-`));
  try {
    const file = path.join(dir, `${options.name}.db`);
    await migrateDatabase(file);
    options.seed(file);
    const client = createDb(`file:${file}`);
    (globalThis as unknown as { signoffDb?: unknown }).signoffDb = client;
    const views: Record<string, ViewTiming & { rows: number }> = {};
    for (const [name, view] of Object.entries(options.views)) {
      const timing = await timeView(() => options.render(view), options.runs);
      views[name] = { ...timing, rows: await options.rows(view) };
    }
    await client.$disconnect();
    const worst = Math.max(...Object.values(views).map((view) => view.median_ms));
    console.log(
      JSON.stringify({
        seconds: worst / 1000,
        ...options.extra,
        views,
        peak_rss_mb: process.resourceUsage().maxRSS / 1024,
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
