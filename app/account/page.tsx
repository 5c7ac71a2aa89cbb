import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Your account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const actor = await requirePageActor("account.update");
  return (
    <>
      <PageHeader title="Your account" description={`Signed in as ${actor.name}.`} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <Card className="p-6">
          <h2 className="text-base font-semibold text-slate-900">Change password</h2>
          <div className="mt-4">
            <ChangePasswordForm />
          </div>
        </Card>
        <Card className="h-fit p-6">
          <h2 className="text-base font-semibold text-slate-900">Your role</h2>
          <p className="mt-2 text-sm text-slate-700">
            <span className="font-medium">{ROLE_LABELS[actor.role]}.</span>{" "}
            {ROLE_DESCRIPTIONS[actor.role]}
          </p>
          <p className="mt-2 text-sm text-slate-600">Admins change roles on the Users page.</p>
        </Card>
      </div>
    </>
  );
}
