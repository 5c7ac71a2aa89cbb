import Link from "next/link";
import { UserMenu } from "@/components/auth/user-menu";
import { authEnabled, pageActor } from "@/lib/auth/page";
import { can, type Permission } from "@/lib/auth/permissions";
import { NavLink } from "./nav-link";

const NAVIGATION: { href: string; label: string; match: string[]; permission: Permission }[] = [
  { href: "/", label: "Datasets", match: ["/", "/datasets"], permission: "dataset.read" },
  { href: "/plans/new", label: "New plan", match: ["/plans"], permission: "plan.draft" },
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
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 w-full max-w-7xl items-center gap-8 px-6">
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
          <nav aria-label="Main" className="flex items-center gap-1 text-sm">
            {NAVIGATION.filter((item) => can(actor.role, item.permission)).map((item) => (
              <NavLink key={item.href} href={item.href} match={item.match}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        ) : null}
        {signedIn ? <UserMenu actor={actor} /> : null}
      </div>
    </header>
  );
}
