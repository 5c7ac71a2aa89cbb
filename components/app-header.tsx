import Link from "next/link";
import { UserMenu } from "@/components/auth/user-menu";
import { authEnabled, pageActor } from "@/lib/auth/page";
import { can, type Permission } from "@/lib/auth/permissions";
import { countWaitingFor } from "@/lib/db/plan-list";
import { NavLink } from "./nav-link";

const NAVIGATION: { href: string; label: string; match: string[]; permission: Permission }[] = [
  { href: "/", label: "Datasets", match: ["/", "/datasets"], permission: "dataset.read" },
  { href: "/plans", label: "Plans", match: ["/plans"], permission: "plan.read" },
  {
    href: "/history",
    label: "History",
    match: ["/history", "/executions"],
    permission: "history.read",
  },
  { href: "/admin/users", label: "Users", match: ["/admin"], permission: "user.manage" },
];

export async function AppHeader() {
  const actor = await pageActor();
  const signedIn = actor !== null && authEnabled();
  const waiting = actor
    ? await countWaitingFor({ id: actor.id, mayApprove: can(actor.role, "plan.approve") })
    : 0;
  return (
    <header className="border-b border-slate-200 bg-white">
      {/* On a phone the navigation takes a row of its own under the name and the account. */}
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:h-14 sm:flex-nowrap sm:gap-8 sm:px-6 sm:py-0">
        <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight">
          <span
            aria-hidden
            className="grid size-7 place-items-center rounded-md bg-brand-600 text-sm text-white"
          >
            ✓
          </span>
          Signoff
        </Link>
        {actor ? (
          <nav
            aria-label="Main"
            className="order-last -mx-1 flex w-full min-w-0 items-center gap-1 overflow-x-auto whitespace-nowrap px-1 text-sm sm:order-none sm:w-auto sm:flex-1"
          >
            {NAVIGATION.filter((item) => can(actor.role, item.permission)).map((item) => (
              <NavLink key={item.href} href={item.href} match={item.match}>
                {item.label}
                {item.href === "/plans" && waiting > 0 ? (
                  <span
                    className="ml-1.5 rounded-full bg-brand-600 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white"
                    title={`${waiting} waiting for your approval`}
                  >
                    {waiting}
                    <span className="sr-only"> waiting for your approval</span>
                  </span>
                ) : null}
              </NavLink>
            ))}
          </nav>
        ) : null}
        {signedIn ? <UserMenu actor={actor} /> : null}
      </div>
    </header>
  );
}
