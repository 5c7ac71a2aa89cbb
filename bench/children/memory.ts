/**
 * Child process for the memory workload: the production server (scripts/serve.mjs) on a fresh
 * database, its resident memory read from /proc after start, after the first pages, at its peak
 * during a 1M-row upload, preview and approval, and every 5 s for 60 s afterwards. Prints one JSON
 * line. Usage: memory.ts CSV_FILE
 */
import { readFileSync } from "node:fs";
import { signIn } from "../../tests/server/support/http";
import {
  copyDatabase,
  prepareDatabase,
  removeDataDir,
  startServer,
} from "../../tests/server/support/server";
import { approvePlan, draftEveryPricePlan, previewPlan, uploadCatalog } from "./server-flow";

const [csvFile] = process.argv.slice(2);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 10) / 10;

const template = await prepareDatabase();
const dataDir = await copyDatabase(template);
const server = await startServer(dataDir, { env: { SIGNOFF_MAX_UPLOAD_MB: "500" } });
try {
  await sleep(2_000);
  const idleMb = rssMb(server.pid);
  const author = await signIn(server, "author");
  const approver = await signIn(server, "approver");
  for (const page of ["/", "/plans", "/history"]) {
    await fetch(`${server.url}${page}`, { headers: { cookie: author.cookie } });
  }
  const afterPagesMb = rssMb(server.pid);

  let peakMb = afterPagesMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(server.pid));
  }, 100);
  const started = performance.now();
  const datasetId = await uploadCatalog(server, author, csvFile, "Memory catalog");
  const planId = await draftEveryPricePlan(server, author, datasetId, "memory_every_price_v1", 3);
  const preview = await previewPlan(server, approver, planId);
  await approvePlan(server, approver, planId, preview);
  const flowSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const afterApprovalMb = rssMb(server.pid);
  const settle: number[] = [];
  for (let second = 5; second <= 60; second += 5) {
    await sleep(5_000);
    settle.push(round(rssMb(server.pid)));
  }
  const settledMb = settle[settle.length - 1];
  const under500 = settle.findIndex((mb) => mb <= 500);
  console.log(
    JSON.stringify({
      seconds: flowSeconds,
      idle_rss_mb: round(idleMb),
      after_pages_rss_mb: round(afterPagesMb),
      peak_rss_mb: round(peakMb),
      after_approval_rss_mb: round(afterApprovalMb),
      rss_after_60s_mb: settledMb,
      rss_every_5s_mb: settle,
      seconds_to_500_mb: under500 < 0 ? null : (under500 + 1) * 5,
    }),
  );
} finally {
  await server.kill();
  await removeDataDir(dataDir);
  await removeDataDir(template);
}
