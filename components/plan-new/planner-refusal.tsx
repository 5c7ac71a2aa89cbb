import { Button } from "@/components/ui/button";
import type { PlannerFailure } from "@/lib/planner/types";

/** Why the planner returned no plan, with the exact words it could not place highlighted. */
export function PlannerRefusal({
  refusal,
  instruction,
  onWriteByHand,
}: {
  refusal: PlannerFailure;
  instruction: string;
  onWriteByHand: () => void;
}) {
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-medium">No plan: {refusal.reason}</p>
      {refusal.unplaced.length > 0 ? (
        <div className="mt-2">
          <p>Words the planner could not place:</p>
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Unplaced words">
            {refusal.unplaced.map((words) => (
              <li key={words}>
                <mark className="rounded bg-amber-200 px-1.5 py-0.5 font-mono text-xs text-amber-950">
                  {words}
                </mark>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-amber-800">
            <span className="sr-only">Instruction: </span>
            {highlight(instruction, refusal.unplaced)}
          </p>
        </div>
      ) : null}
      {refusal.suggestion ? <p className="mt-2">{refusal.suggestion}</p> : null}
      <div className="mt-3">
        <Button variant="secondary" size="sm" onClick={onWriteByHand}>
          Write the plan by hand
        </Button>
      </div>
    </div>
  );
}

function highlight(text: string, phrases: string[]) {
  const wanted = phrases.filter(Boolean).sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return text;
  const pattern = new RegExp(`(${wanted.map(escapeRegExp).join("|")})`, "gi");
  return text.split(pattern).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, never reordered
      <mark key={index} className="rounded bg-amber-200 px-0.5">
        {part}
      </mark>
    ) : (
      part
    ),
  );
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
