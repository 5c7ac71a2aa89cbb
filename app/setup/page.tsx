import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SetupForm } from "@/components/auth/setup-form";
import { countUsers } from "@/lib/db/users";

export const metadata: Metadata = { title: "Set up" };
export const dynamic = "force-dynamic";

/** First run only: while no account exists, whoever opens Signoff creates the first admin. */
export default async function SetupPage() {
  if ((await countUsers()) > 0) redirect("/sign-in");
  return (
    <AuthCard
      title="Welcome to Signoff"
      description="Create the first account. It is an admin: it can invite the rest of your team and give them roles."
    >
      <SetupForm />
    </AuthCard>
  );
}
