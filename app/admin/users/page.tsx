import type { Metadata } from "next";
import { CreateUserForm } from "@/components/admin/create-user-form";
import { UsersTable } from "@/components/admin/users-table";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from "@/lib/auth/permissions";
import { listUsers } from "@/lib/db/users";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const actor = await requirePageActor("user.manage");
  const users = await listUsers();
  const selfApproval = env().SIGNOFF_ALLOW_SELF_APPROVAL;
  return (
    <>
      <PageHeader
        title="Users"
        description="Who can sign in to Signoff, and what each person may do."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <UsersTable users={users} currentUserId={actor.id} />
          <Card className="p-6">
            <h2 className="text-base font-semibold text-slate-900">Roles</h2>
            <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
              {ROLES.map((role) => (
                <div key={role}>
                  <dt className="font-medium text-slate-900">{ROLE_LABELS[role]}</dt>
                  <dd className="text-slate-600">{ROLE_DESCRIPTIONS[role]}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-600">
              <span className="font-medium text-slate-900">Four-eyes rule:</span>{" "}
              {selfApproval
                ? "off — SIGNOFF_ALLOW_SELF_APPROVAL lets people approve plans they wrote. Each such approval is marked in the audit trail."
                : "the author of a plan's latest revision cannot approve it; another approver must. Set SIGNOFF_ALLOW_SELF_APPROVAL=true on single-person installs."}
            </p>
          </Card>
        </div>
        <Card className="h-fit p-6">
          <h2 className="text-base font-semibold text-slate-900">Add a user</h2>
          <div className="mt-4">
            <CreateUserForm />
          </div>
        </Card>
      </div>
    </>
  );
}
