import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { buildWhenChanged } from "../../scripts/lib.mjs";
import { CACHE_DIR, REPO_ROOT, round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/**
 * diff-ui-300k: in Chromium, open the preview UI (/dev/diff-table) with 300,000 changes (30,000
 * with --quick) on the production build, and measure
 *   - the time from navigation start to the first rows painted (the table's
 *     `diff-table:rows-visible` performance mark); target ≤ 1.5 s. The first rows come from a small
 *     first page of the change set; the rest arrives in pages behind them, and the time until the
 *     whole set is in the table (`diff-table:all-changes`) is reported too;
 *   - long tasks (PerformanceObserver "longtask") while a script scrolls the table to the end,
 *     first wheel-like steps, then jumps of about a thousand rows per frame; target: none over
 *     100 ms;
 *   - for information, the first sort by "Change" and a text search on the full set.
 * The page is built only for this workload (SIGNOFF_DEV_PAGES=1, into .next-dev-pages, when the
 * sources changed); the workload serves that build on a free port with a scratch database. The server is warmed with the same page first, so the figures cover transfer,
 * parsing and rendering in a fresh browser context, not the synthetic generator.
 */

/** Builds and serves the app with its benchmark page (next.config.ts). */
const DEV_PAGES = { SIGNOFF_DEV_PAGES: "1" };
const FIRST_ROWS_LIMIT_MS = 1500;
const LONG_TASK_LIMIT_MS = 100;
const ROWS_VISIBLE_MARK = "diff-table:rows-visible";
const ALL_CHANGES_MARK = "diff-table:all-changes";
const SCROLLER = 'section[aria-label="Changes (scrollable)"]';

export const diffUi300k: Workload = {
  name: "diff-ui-300k",
  description:
    "Chromium: first rows of a 300k-change preview, long tasks while scrolling to the end",
  async run({ quick }): Promise<WorkloadReport> {
    const changes = quick ? 30_000 : 300_000;
    const server = await startServer();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    });
    try {
      // Warm the server, not the browser: the first request loads the route modules and builds
      // the synthetic change set, which the page then serves from memory like a stored preview.
      await warmUp(browser, `${server.url}/dev/diff-table?n=${changes}`);
      // The app's CSP forbids eval; the measuring scripts are evaluated from strings.
      const context = await browser.newContext({
        viewport: { width: 1400, height: 900 },
        bypassCSP: true,
      });
      const page = await context.newPage();
      await page.addInitScript({ content: OBSERVE_LONG_TASKS });
      await page.goto(`${server.url}/dev/diff-table?n=${changes}`, { waitUntil: "commit" });
      await page.waitForFunction(ROWS_VISIBLE, null, { timeout: 120_000, polling: 50 });
      // Scrolling to the end needs every change in the table.
      await page.waitForFunction(ALL_CHANGES, null, { timeout: 120_000, polling: 50 });
      const load = (await page.evaluate(READ_LOAD_TIMINGS)) as LoadTimings;
      const scroll = (await page.evaluate(SCROLL_TO_END)) as ScrollResult;
      const lastRowShown = await page
        .locator(`${SCROLLER} tr[aria-rowindex="${changes + 1}"]`)
        .count();
      const sort = await timeInteraction(page, async () => {
        await page.getByRole("button", { name: "Change", exact: true }).click();
      });
      const search = await timeInteraction(page, async () => {
        await page.getByLabel("Search changes").fill("SKU-00012");
      });
      const rendererRss = await rendererPeakRssMb(browser);
      await context.close();

      return {
        workload: "diff-ui-300k",
        seconds: round(load.firstRowsMs / 1000, 3),
        peak_rss_mb: rendererRss,
        changes,
        first_rows_ms: round(load.firstRowsMs, 1),
        first_rows_limit_ms: FIRST_ROWS_LIMIT_MS,
        all_changes_ms: round(load.allChangesMs, 1),
        page_response_ms: round(load.responseEndMs, 1),
        first_page_received_ms: round(load.firstPageReceivedMs, 1),
        changes_requests: load.changesRequests,
        changes_received_ms: round(load.changesReceivedMs, 1),
        changes_bytes: load.changesBytes,
        scroll: {
          frames: scroll.frames,
          ms: round(scroll.ms, 1),
          reached_last_row: lastRowShown === 1,
          long_tasks: scroll.longTasks.length,
          longest_task_ms: round(Math.max(0, ...scroll.longTasks), 1),
          long_task_limit_ms: LONG_TASK_LIMIT_MS,
        },
        first_sort_by_change_ms: round(sort.ms, 1),
        search_ms: round(search.ms, 1),
        pass:
          load.firstRowsMs <= FIRST_ROWS_LIMIT_MS &&
          lastRowShown === 1 &&
          scroll.longTasks.every((duration) => duration <= LONG_TASK_LIMIT_MS),
      };
    } finally {
      await browser.close();
      server.stop();
    }
  },
};

// ---- in the page ----------------------------------------------------------------------------
// Plain JavaScript source: functions compiled by tsx carry helpers that do not exist in the page.

const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: "longtask", buffered: true });
`;

interface LoadTimings {
  firstRowsMs: number;
  allChangesMs: number;
  responseEndMs: number;
  firstPageReceivedMs: number;
  changesRequests: number;
  changesReceivedMs: number;
  changesBytes: number;
}

/** Navigation, the change-set requests (first page, then the rest) and the table's marks. */
const READ_LOAD_TIMINGS = `(() => {
  const navigation = performance.getEntriesByType("navigation")[0];
  const fetches = performance
    .getEntriesByType("resource")
    .filter((entry) => entry.name.includes("/dev/diff-table/changes") && !entry.name.includes("part=rows"));
  const mark = (name) => performance.getEntriesByName(name)[0].startTime;
  return {
    firstRowsMs: mark(${JSON.stringify(ROWS_VISIBLE_MARK)}),
    allChangesMs: mark(${JSON.stringify(ALL_CHANGES_MARK)}),
    responseEndMs: navigation.responseEnd,
    firstPageReceivedMs: fetches.length > 0 ? fetches[0].responseEnd : NaN,
    changesRequests: fetches.length,
    changesReceivedMs: fetches.length > 0 ? Math.max(...fetches.map((entry) => entry.responseEnd)) : NaN,
    changesBytes: fetches.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
  };
})()`;

interface ScrollResult {
  frames: number;
  ms: number;
  longTasks: number[];
}

/** Wheel-like steps (120 frames of 600 px), then to the end in 300 even jumps, a frame each. */
const SCROLL_TO_END = `(async () => {
  const scroller = document.querySelector(${JSON.stringify(SCROLLER)});
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  await frame();
  const started = performance.now();
  let frames = 0;
  for (let step = 0; step < 120; step++, frames++) {
    scroller.scrollTop += 600;
    await frame();
  }
  const from = scroller.scrollTop;
  const to = scroller.scrollHeight - scroller.clientHeight;
  for (let step = 1; step <= 300; step++, frames++) {
    scroller.scrollTop = from + ((to - from) * step) / 300;
    await frame();
  }
  await frame();
  await frame();
  const ended = performance.now();
  const longTasks = window.__longTasks
    .filter((task) => task.start >= started && task.start <= ended)
    .map((task) => task.duration);
  return { frames, ms: ended - started, longTasks };
})()`;

const NOW = "performance.now()";
const AFTER_TWO_FRAMES = `new Promise((resolve) =>
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))))`;
const ROWS_VISIBLE = `performance.getEntriesByName(${JSON.stringify(ROWS_VISIBLE_MARK)}).length > 0`;
const ALL_CHANGES = `performance.getEntriesByName(${JSON.stringify(ALL_CHANGES_MARK)}).length > 0`;

// ---- helpers ----------------------------------------------------------------------------------

/** Time from an action to the next two painted frames, a proxy for "the table has updated". */
async function timeInteraction(page: Page, action: () => Promise<void>) {
  const started = (await page.evaluate(NOW)) as number;
  await action();
  const ended = (await page.evaluate(AFTER_TWO_FRAMES)) as number;
  return { ms: ended - started };
}

async function warmUp(browser: Browser, url: string) {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(ALL_CHANGES, null, { timeout: 120_000, polling: 50 });
  await context.close();
}

/** Peak resident memory (VmHWM) of the largest renderer process, in MB. */
async function rendererPeakRssMb(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const info = (await session.send("SystemInfo.getProcessInfo")) as {
    processInfo: { type: string; id: number }[];
  };
  let peakKb = 0;
  for (const child of info.processInfo) {
    if (child.type !== "renderer") continue;
    const status = fs.readFileSync(`/proc/${child.id}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peakKb = Math.max(peakKb, kb);
  }
  return round(peakKb / 1024, 1);
}

interface Server {
  url: string;
  stop: () => void;
}

async function startServer(): Promise<Server> {
  // The benchmark page is not part of the production build: it has a build of its own.
  await buildWhenChanged({
    root: REPO_ROOT,
    env: { ...process.env, ...DEV_PAGES },
    distDir: ".next-dev-pages",
  });
  const dataDir = path.join(CACHE_DIR, "diff-ui");
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: `file:${path.join(dataDir, "signoff.db")}`,
    SIGNOFF_PLANNER: "rules",
    // The workload times the diff table, not sign-in: its scratch server runs without accounts.
    SIGNOFF_AUTH: "off",
    ...DEV_PAGES,
  };
  const migrate = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/db-migrate.ts"],
    { cwd: REPO_ROOT, env, encoding: "utf8" },
  );
  if (migrate.status !== 0) throw new Error(`migration failed:\n${migrate.stderr}`);

  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(REPO_ROOT, "node_modules/next/dist/bin/next"),
      "start",
      "--port",
      String(port),
      "--hostname",
      "127.0.0.1",
    ],
    { cwd: REPO_ROOT, env, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`next start did not answer within 60 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop: () => child.kill() };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
