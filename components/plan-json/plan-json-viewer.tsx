"use client";

import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { exportPlan } from "@/lib/plan/json-text";
import type { ExecutionPlan } from "@/lib/plan/schema";

/** A plan as read-only JSON with line numbers, to copy or download (execution pages). */
export function PlanJsonViewer({
  plan,
  fileName,
  className = "max-h-[32rem]",
}: {
  plan: ExecutionPlan;
  /** Name for the downloaded file, without extension; the execution id by default. */
  fileName?: string;
  className?: string;
}) {
  const text = useMemo(() => exportPlan(plan), [plan]);
  const lines = useMemo(() => text.replace(/\n$/, "").split("\n"), [text]);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${fileName ?? plan.execution_id}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5">
        <span className="text-xs text-slate-500">{lines.length} lines</span>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => void copy()}>
            <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={download}>
            Download
          </Button>
        </div>
      </div>
      <section aria-label="Plan JSON" className={`overflow-auto ${className}`}>
        <pre className="min-w-max py-2 font-mono text-[13px] leading-5 text-slate-900">
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
            <div key={index} className="flex">
              <span
                aria-hidden
                className="w-12 shrink-0 select-none pr-3 text-right text-slate-400"
              >
                {index + 1}
              </span>
              <code className="whitespace-pre pr-4">{line}</code>
            </div>
          ))}
        </pre>
      </section>
    </div>
  );
}
