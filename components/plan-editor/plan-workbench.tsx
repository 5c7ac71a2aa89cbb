"use client";

import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import type { OperationStats } from "@/components/plan-graph/graph-model";
import { PlanJsonEditor } from "@/components/plan-json/plan-json-editor";
import { useJsonText } from "@/components/plan-json/use-json-text";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlanIssue, PlanPath } from "@/lib/plan/issues";
import type { TextPosition } from "@/lib/plan/json-text";
import type { ExecutionPlan } from "@/lib/plan/schema";
import type { DraftStore } from "./draft-state";
import {
  type DraftActions,
  DraftActionsContext,
  DraftStoreContext,
  IssuesContext,
} from "./editor-context";
import { type EditorTab, EditorTabs, panelId, tabId } from "./editor-tabs";
import { issueOperationIndex } from "./field-paths";
import { GraphView } from "./graph-view";
import { IssueStore } from "./issue-store";
import { PlanForm } from "./plan-form";
import { RevisionCompare } from "./revision-compare";
import { type CompareSides, compareSidesFor, type PlanRevisionSummary } from "./revisions";
import { type RestoreResult, RevisionsPanel } from "./revisions-panel";
import { SaveBar } from "./save-bar";
import { usePlanDraft } from "./use-plan-draft";
import { usePlanValidation } from "./use-plan-validation";
import { type SaveResult, useSaveRevision } from "./use-save-revision";
import { ValidationPanel } from "./validation-panel";

export type { PlanRevisionSummary } from "./revisions";
export type { RestoreResult } from "./revisions-panel";
export type { SaveResult } from "./use-save-revision";

export interface PlanWorkbenchProps {
  /** The latest saved revision's plan. */
  plan: ExecutionPlan;
  profile: DatasetProfile;
  /** Saved revisions, any order; the highest number is the current one. */
  revisions: readonly PlanRevisionSummary[];
  /** Per-operation counts from the latest preview, by operation id. */
  operationStats?: Record<string, OperationStats>;
  readOnly?: boolean;
  onSave: (plan: ExecutionPlan, note: string) => Promise<SaveResult>;
  /** Save an older revision's plan as a new revision. Without it, "restore" loads it as a draft. */
  onRestore?: (revisionId: string) => Promise<RestoreResult>;
  /** Told whenever the editor starts or stops having unsaved changes (e.g. to hold back Preview). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** Where the validation panel asked to go, for the view that is (or becomes) active. */
interface JumpRequest {
  tab: EditorTab;
  path: PlanPath;
  /** A place in the JSON text no path reaches (a syntax error). */
  position?: TextPosition;
  seq: number;
}

/**
 * The plan editor: one draft, three views of it (Form, Graph, JSON) that edit it, live
 * validation with jumps to each problem, saving as revisions, comparing and restoring them.
 */
export function PlanWorkbench(props: PlanWorkbenchProps) {
  const { revisions, readOnly = false } = props;
  const workbench = useWorkbench(props);
  const { base, draft, keys, dirty, navigation, json, checks, saving } = workbench;
  const { tab, jump, selectedKey, setSelectedKey, show, go, jumpTo } = navigation;
  const { validation, jsonProblem, blockedReason } = checks;
  const [compare, setCompare] = useState<CompareSides | null>(null);

  return (
    <WorkbenchContexts
      store={workbench.store}
      actions={workbench.actions}
      issues={checks.issueStore}
    >
      <div className="space-y-5">
        <WorkbenchToolbar
          tabs={{ base, active: tab, onChange: show, jsonProblem: jsonProblem !== undefined }}
          saving={
            readOnly
              ? null
              : {
                  ...saving,
                  dirty: workbench.unsaved,
                  blockedReason,
                  discard: workbench.discardAll,
                }
          }
        />
        <SaveStatus error={saving.error} message={saving.message} />

        {compare ? (
          <RevisionCompare
            revisions={revisions}
            draft={dirty ? draft : undefined}
            sides={compare}
            onChange={setCompare}
            onClose={() => setCompare(null)}
          />
        ) : null}

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <ActiveView
            key={tab}
            base={base}
            tab={tab}
            draft={draft}
            keys={keys}
            issues={validation.issues}
            json={json}
            readOnly={readOnly}
            jump={jump}
            selectedKey={selectedKey}
            onSelectKey={setSelectedKey}
            go={go}
          />
          <aside className="space-y-4 lg:sticky lg:top-20 lg:self-start">
            <ValidationPanel
              issues={validation.issues}
              jsonProblem={jsonProblem}
              onJump={jumpTo}
              onJumpToJson={() => go("json", [], jsonProblem?.position)}
            />
            <RevisionsPanel
              revisions={revisions}
              dirty={dirty}
              readOnly={readOnly}
              onCompare={(revisionId) => setCompare(compareSidesFor(revisions, revisionId, dirty))}
              onRestore={workbench.restore}
              onLoad={(revision) => workbench.replace(revision.plan)}
            />
          </aside>
        </div>
      </div>
    </WorkbenchContexts>
  );
}

/**
 * The workbench's state: the draft, which view shows, the JSON text, validation and saving, and
 * what discarding or restoring does to all of them.
 */
function useWorkbench({
  plan,
  profile,
  operationStats,
  readOnly = false,
  onSave,
  onRestore,
  onDirtyChange,
}: PlanWorkbenchProps) {
  const base = useId();
  const { store, draft, keys, dirty, edit, replace, discard, markSaved } = usePlanDraft(plan);
  const navigation = useNavigation(keys);
  const json = useJsonText(draft, replace, navigation.tab === "json");
  const checks = useDraftChecks(draft, json.reading, profile);

  const unsaved = dirty || checks.jsonProblem !== undefined;
  useEffect(() => {
    onDirtyChange?.(unsaved);
  }, [onDirtyChange, unsaved]);
  const saving = useSaveRevision({
    draft,
    dirty,
    unsaved,
    blockedReason: checks.blockedReason,
    enabled: !readOnly,
    onSave,
    onSaved: markSaved,
  });
  const actions = useMemo<DraftActions>(
    () => ({ edit, profile, readOnly, stats: operationStats }),
    [edit, profile, readOnly, operationStats],
  );
  const discardAll = () => {
    discard();
    json.resetText();
    saving.clearError();
  };
  const restore = onRestore && restoreThen(onRestore, discardAll);
  return {
    base,
    store,
    draft,
    keys,
    dirty,
    unsaved,
    replace,
    actions,
    navigation,
    json,
    checks,
    saving,
    discardAll,
    restore,
  };
}

/** Tabs and the save bar, kept in view while the plan scrolls; "Read only" instead of saving. */
function WorkbenchToolbar({
  tabs,
  saving,
}: {
  tabs: {
    base: string;
    active: EditorTab;
    onChange: (tab: EditorTab) => void;
    jsonProblem: boolean;
  };
  saving:
    | (ReturnType<typeof useSaveRevision> & {
        dirty: boolean;
        blockedReason: string | null;
        discard: () => void;
      })
    | null;
}) {
  return (
    <div className="sticky top-0 z-20 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white/95 px-3 py-2 shadow-sm backdrop-blur">
      <EditorTabs
        base={tabs.base}
        active={tabs.active}
        onChange={tabs.onChange}
        badges={tabs.jsonProblem ? { json: <ProblemDot /> } : undefined}
      />
      {saving ? (
        <SaveBar
          dirty={saving.dirty}
          note={saving.note}
          onNoteChange={saving.setNote}
          saving={saving.saving}
          blockedReason={saving.blockedReason}
          onSave={saving.save}
          onDiscard={saving.discard}
        />
      ) : (
        <p className="px-2 text-sm text-slate-500">Read only</p>
      )}
    </div>
  );
}

/** The view the active tab shows, each opened where the last jump asked. */
function ActiveView({
  base,
  tab,
  draft,
  keys,
  issues,
  json,
  readOnly,
  jump,
  selectedKey,
  onSelectKey,
  go,
}: {
  base: string;
  tab: EditorTab;
  draft: ExecutionPlan;
  keys: readonly string[];
  issues: PlanIssue[];
  json: ReturnType<typeof useJsonText>;
  readOnly: boolean;
  jump: JumpRequest | null;
  selectedKey: string | null;
  onSelectKey: (key: string | null) => void;
  go: (target: EditorTab, path: PlanPath) => void;
}) {
  const view =
    tab === "form" ? (
      <PlanForm plan={draft} focusRequest={jump?.tab === "form" ? jump : undefined} />
    ) : tab === "graph" ? (
      <GraphView
        plan={draft}
        keys={keys}
        issues={issues}
        selectedKey={selectedKey}
        onSelectKey={onSelectKey}
        focusSeq={jump?.tab === "graph" ? jump.seq : undefined}
        onOpenInForm={(index) => go("form", ["operations", index])}
      />
    ) : (
      <PlanJsonEditor
        text={json.text}
        reading={json.reading}
        issues={issues}
        onChange={json.setText}
        onReformat={json.resetText}
        fileName={typeof draft.execution_id === "string" ? draft.execution_id : "plan"}
        readOnly={readOnly}
        focusRequest={jump?.tab === "json" ? jump : undefined}
      />
    );
  return (
    <div
      role="tabpanel"
      id={panelId(base, tab)}
      aria-labelledby={tabId(base, tab)}
      className="min-w-0"
    >
      {view}
    </div>
  );
}

/**
 * Which view shows and where in it to go: `go` opens a view at a path (or a place in the JSON
 * text), `jumpTo` shows an issue where it is (its field, its operation's node, or its line).
 */
function useNavigation(keys: readonly string[]) {
  const [tab, setTab] = useState<EditorTab>("form");
  const [jump, setJump] = useState<JumpRequest | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const go = (target: EditorTab, path: PlanPath, position?: TextPosition) => {
    setTab(target);
    setJump((previous) => ({ tab: target, path, position, seq: (previous?.seq ?? 0) + 1 }));
  };
  const jumpTo = (issue: PlanIssue) => {
    const index = issueOperationIndex(issue);
    if (tab === "graph" && index !== undefined) {
      setSelectedKey(keys[index] ?? null);
      go("graph", issue.path);
    } else {
      go(tab === "graph" ? "form" : tab, issue.path);
    }
  };
  const show = (next: EditorTab) => {
    setJump(null);
    setTab(next);
  };
  return { tab, jump, selectedKey, setSelectedKey, show, go, jumpTo };
}

/** The draft, how to change it and its issues, for every view inside the workbench. */
function WorkbenchContexts({
  store,
  actions,
  issues,
  children,
}: {
  store: DraftStore;
  actions: DraftActions;
  issues: IssueStore;
  children: ReactNode;
}) {
  return (
    <DraftStoreContext.Provider value={store}>
      <DraftActionsContext.Provider value={actions}>
        <IssuesContext.Provider value={issues}>{children}</IssuesContext.Provider>
      </DraftActionsContext.Provider>
    </DraftStoreContext.Provider>
  );
}

/**
 * The draft validated (or, while the JSON text is not plan-shaped, what it parses to, so the
 * panel says what is wrong), what keeps it from being saved, and its issues by field.
 */
function useDraftChecks(
  draft: ExecutionPlan,
  reading: ReturnType<typeof useJsonText>["reading"],
  profile: DatasetProfile,
) {
  const jsonProblem =
    reading.status === "syntax"
      ? { message: reading.error.message, position: reading.error }
      : reading.status === "unshaped"
        ? { message: `The JSON is not shaped like a plan: ${reading.problem}` }
        : undefined;
  const validation = usePlanValidation(
    reading.status === "unshaped" ? reading.value : draft,
    profile,
  );
  const blockedReason =
    reading.status === "syntax"
      ? "Fix the JSON syntax error before saving."
      : reading.status === "unshaped"
        ? "Make the JSON a plan before saving."
        : validation.schemaErrors > 0
          ? `Fix the ${validation.schemaErrors} schema error${validation.schemaErrors === 1 ? "" : "s"} before saving.`
          : null;
  const [issueStore] = useState(() => new IssueStore(validation.byAnchor));
  useEffect(() => issueStore.update(validation.byAnchor), [issueStore, validation.byAnchor]);
  return { validation, jsonProblem, blockedReason, issueStore };
}

function ProblemDot() {
  return (
    <span className="size-2 rounded-full bg-red-500">
      <span className="sr-only">(has a problem)</span>
    </span>
  );
}

/** How the last save went, announced to screen readers. */
function SaveStatus({ error, message }: { error?: string | null; message?: string | null }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800"
        >
          The revision was not saved: {error}
        </p>
      ) : message ? (
        <p className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** Restores a revision (saved as a new one), then drops the editor's unsaved changes. */
function restoreThen(
  onRestore: (revisionId: string) => Promise<RestoreResult>,
  discardAll: () => void,
) {
  return async (revisionId: string) => {
    const result = await onRestore(revisionId);
    if (result.ok) discardAll();
    return result;
  };
}
