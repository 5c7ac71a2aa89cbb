"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import { changeRoleAction, setUserActiveAction } from "@/lib/actions/users";
import { isRole, ROLE_LABELS, ROLES, type Role } from "@/lib/auth/permissions";
import type { UserSummary } from "@/lib/db/users";
import { ResetPasswordForm } from "./reset-password-form";

/** One account: role picker, deactivate/reactivate, new password. Changes save immediately. */
export function UserRow({ user, isSelf }: { user: UserSummary; isSelf: boolean }) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Message | null>(null);
  const [resetting, setResetting] = useState(false);

  const run = (work: () => Promise<{ ok: boolean; error?: string }>, done: string) =>
    startTransition(async () => {
      setMessage(null);
      const result = await work();
      setMessage(
        result.ok ? { tone: "info", text: done } : { tone: "error", text: result.error ?? "" },
      );
    });
  return (
    <>
      <tr className={user.active ? "" : "bg-slate-50 text-slate-500"} data-testid="user-row">
        <td className="px-4 py-3">
          <div className="font-medium text-slate-900">
            {user.name}
            {isSelf ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
          </div>
          <div className="text-slate-600">{user.email}</div>
        </td>
        <td className="px-4 py-3">
          <RoleSelect
            user={user}
            disabled={pending || !user.active}
            onChange={(role) =>
              run(
                () => changeRoleAction({ userId: user.id, role }),
                `${user.name} is now ${ROLE_LABELS[role].toLowerCase()}.`,
              )
            }
          />
        </td>
        <td className="px-4 py-3">
          <StatusBadge active={user.active} />
        </td>
        <td className="px-4 py-3 text-slate-600">
          {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : "Never"}
        </td>
        <td className="px-4 py-3">
          <div className="flex justify-end gap-1">
            <Button size="sm" variant="ghost" disabled={pending} onClick={() => setResetting(true)}>
              New password
            </Button>
            {isSelf ? null : (
              <Button
                size="sm"
                variant="ghost"
                disabled={pending}
                onClick={() =>
                  run(
                    () => setUserActiveAction({ userId: user.id, active: !user.active }),
                    user.active
                      ? `${user.name} can no longer sign in.`
                      : `${user.name} can sign in again.`,
                  )
                }
              >
                {user.active ? "Deactivate" : "Reactivate"}
              </Button>
            )}
          </div>
        </td>
      </tr>
      {resetting || message ? (
        <UserRowNotes
          user={user}
          resetting={resetting}
          message={message}
          onResetDone={(text) => {
            setResetting(false);
            setMessage(text ? { tone: "info", text } : null);
          }}
        />
      ) : null}
    </>
  );
}

/** The account's role, saved as soon as it is picked. */
function RoleSelect({
  user,
  disabled,
  onChange,
}: {
  user: UserSummary;
  disabled: boolean;
  onChange: (role: Role) => void;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={`role-${user.id}`}>
        Role of {user.name}
      </label>
      <select
        id={`role-${user.id}`}
        defaultValue={user.role}
        disabled={disabled}
        onChange={(event) => {
          const role = event.target.value;
          if (isRole(role)) onChange(role);
        }}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm disabled:bg-slate-50"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
      Active
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
      Deactivated
    </span>
  );
}

type Message = { tone: "error" | "info"; text: string };

/** Under the account's row: the new-password form, and how the last change went. */
function UserRowNotes({
  user,
  resetting,
  message,
  onResetDone,
}: {
  user: UserSummary;
  resetting: boolean;
  message: Message | null;
  onResetDone: (text: string | null) => void;
}) {
  return (
    <tr className="bg-slate-50">
      <td colSpan={5} className="px-4 pb-3 pt-0">
        {resetting ? (
          <ResetPasswordForm userId={user.id} userName={user.name} onDone={onResetDone} />
        ) : null}
        {message ? (
          <p
            role={message.tone === "error" ? "alert" : "status"}
            className={`pt-2 text-sm ${message.tone === "error" ? "text-red-700" : "text-slate-700"}`}
          >
            {message.text}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
