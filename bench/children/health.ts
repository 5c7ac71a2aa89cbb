/**
 * Child process for health-under-load: the production server (scripts/serve.mjs, as `npm start`
 * runs it) with a 1M-row catalog uploaded, then /api/health asked every 50 ms while a preview of
 * one plan runs, and then while that plan's approval and another plan's preview run together.
 * Prints one JSON line with the health answers' latency. Usage: health.ts CSV_FILE
 */
import { signIn } from "../../tests/server/support/http";
import {
  copyDatabase,
  prepareDatabase,
  removeDataDir,
  startServer,
} from "../../tests/server/support/server";
import { approvePlan, draftEveryPricePlan, previewPlan, uploadCatalog } from "./server-flow";

const [csvFile] = process.argv.slice(2);
const POLL_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks /api/health every POLL_MS until stopped; the milliseconds each answer took. */
function pollHealth(url: string) {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      await sleep(POLL_MS);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return latencies;
    },
  };
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

const summary = (values: number[]) => ({
  answers: values.length,
  p50_ms: Math.round(percentile(values, 0.5)),
  p99_ms: Math.round(percentile(values, 0.99)),
  max_ms: Math.round(Math.max(...values)),
});

const template = await prepareDatabase();
const dataDir = await copyDatabase(template);
const server = await startServer(dataDir, { env: { SIGNOFF_MAX_UPLOAD_MB: "500" } });
try {
  const author = await signIn(server, "author");
  const approver = await signIn(server, "approver");
  const datasetId = await uploadCatalog(server, author, csvFile, "Health catalog");
  const first = await draftEveryPricePlan(server, author, datasetId, "health_first_v1", 3);
  const second = await draftEveryPricePlan(server, author, datasetId, "health_second_v1", 4);

  const idle = pollHealth(server.url);
  await sleep(2_000);
  const idleLatencies = await idle.stop();

  const started = performance.now();
  const loaded = pollHealth(server.url);
  const preview = await previewPlan(server, approver, first);
  const previewLatencies = [...(await loaded.stop())];
  const during = pollHealth(server.url);
  await Promise.all([
    approvePlan(server, approver, first, preview),
    previewPlan(server, approver, second),
  ]);
  const approvalLatencies = await during.stop();
  const flowSeconds = (performance.now() - started) / 1000;
  const all = [...previewLatencies, ...approvalLatencies];
  console.log(
    JSON.stringify({
      seconds: percentile(all, 0.99) / 1000,
      flow_seconds: flowSeconds,
      idle: summary(idleLatencies),
      during_preview: summary(previewLatencies),
      during_approval_and_preview: summary(approvalLatencies),
      under_load: summary(all),
    }),
  );
} finally {
  await server.kill();
  await removeDataDir(dataDir);
  await removeDataDir(template);
}
