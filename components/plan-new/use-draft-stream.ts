"use client";

import { useCallback, useRef, useState } from "react";
import type { PartialOperation, PlannerFailure } from "@/lib/planner/types";

export type DraftState =
  | { status: "idle" }
  | { status: "drafting"; operations: PartialOperation[]; repairs: number }
  | { status: "saved"; planId: string }
  | { status: "refused"; refusal: PlannerFailure }
  | { status: "error"; message: string };

interface DraftRequest {
  datasetId: string;
  instruction: string;
  planner?: string;
}

/** Posts an instruction to the draft stream and folds its JSON lines into one state. */
export function useDraftStream() {
  const [state, setState] = useState<DraftState>({ status: "idle" });
  const abort = useRef<AbortController | null>(null);

  const draft = useCallback(async (request: DraftRequest) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ status: "drafting", operations: [], repairs: 0 });
    try {
      const response = await fetch("/api/plans/draft", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const body = await response.json().catch(() => ({}));
        setState({
          status: "error",
          message: body.error ?? `The server answered ${response.status}.`,
        });
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        for (const line of lines) {
          if (line.trim()) setState((previous) => applyEvent(previous, JSON.parse(line)));
        }
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        status: "error",
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }, []);

  return { state, draft };
}

type StreamEvent =
  | { type: "partial"; operations: PartialOperation[] }
  | { type: "repair"; attempt: number }
  | { type: "saved"; planId: string }
  | { type: "refused"; refusal: PlannerFailure }
  | { type: "error"; message: string };

function applyEvent(previous: DraftState, event: StreamEvent): DraftState {
  switch (event.type) {
    case "partial":
      return {
        status: "drafting",
        operations: event.operations,
        repairs: previous.status === "drafting" ? previous.repairs : 0,
      };
    case "repair":
      return previous.status === "drafting" ? { ...previous, repairs: event.attempt } : previous;
    case "saved":
      return { status: "saved", planId: event.planId };
    case "refused":
      return { status: "refused", refusal: event.refusal };
    case "error":
      return { status: "error", message: event.message };
  }
}
