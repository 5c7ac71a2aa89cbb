/**
 * Child process for the memory workload: the production server (scripts/serve.mjs) on a fresh
 * database, its resident memory read from /proc after start, after the first pages, at its peak
 * during a 1M-row upload, preview and approval, and every 5 s for 60 s afterwards. Prints one JSON
 * line. Usage: memory.ts CSV_FILE
 */
import { readFileSync } from "node:fs";
import type { ActionResult } from "@/lib/actions/server-action";
import { callAction, signIn, uploadCsv } from "../../tests/server/support/http";
import {
  copyDatabase,
  prepareDatabase,
  removeDataDir,
  startServer,
} from "../../tests/server/support/server";

const [csvFile] = process.argv.slice(2);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function unwrap<T>(result: ActionResult<T>, what: string): T {
  if (!result.ok) throw new Error(`${what}: ${result.error}`);
  return result.data;
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
  const upload = await uploadCsv(server, author, new Uint8Array(readFileSync(csvFile)), "big.csv");
  if (!upload.body.ok || !upload.body.data) throw new Error(`upload: ${upload.body.error}`);
  const { datasetId } = unwrap(
    await callAction<{ datasetId: string }>(server, author, {
      page: "/datasets/upload",
      action: "confirmUploadAction",
      input: {
        token: upload.body.data.token,
        name: "Memory catalog",
        keyColumn: "sku",
        shorthand: {},
      },
    }),
    "confirm upload",
  );
  const { planId } = unwrap(
    await callAction<{ planId: string }>(server, author, {
      page: "/plans/new",
      action: "startManualPlan",
      input: { datasetId, instruction: "Raise every price by 3%" },
    }),
    "start plan",
  );
  const plan = {
    execution_id: "memory_every_price_v1",
    created_at: "2026-11-25T00:00:00Z",
    source_instruction: "Raise every price by 3%",
    operations: [
      {
        operation_id: "op_01",
        filter: {},
        action: { type: "percent_increase", value: 3 },
        options: { round_to: 2 },
      },
    ],
  };
  unwrap(
    await callAction(server, author, {
      page: `/plans/${planId}`,
      action: "savePlanRevisionAction",
      input: { planId, plan, note: "memory bench" },
    }),
    "save plan",
  );
  const preview = unwrap(
    await callAction<{ ok: boolean; revisionId: string; previewHash: string }>(server, approver, {
      page: `/plans/${planId}`,
      action: "previewPlanAction",
      input: { planId },
    }),
    "preview",
  );
  if (!preview.ok) throw new Error("preview blocked");
  unwrap(
    await callAction(server, approver, {
      page: `/plans/${planId}`,
      action: "approvePlanAction",
      input: { planId, revisionId: preview.revisionId, previewHash: preview.previewHash },
    }),
    "approve",
  );
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
