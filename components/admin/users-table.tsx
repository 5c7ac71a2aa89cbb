import { ScrollRegion } from "@/components/ui/scroll-region";
import { HeaderCell, Table, TableHead } from "@/components/ui/table";
import type { UserSummary } from "@/lib/db/users";
import { UserRow } from "./user-row";

export function UsersTable({
  users,
  currentUserId,
}: {
  users: UserSummary[];
  currentUserId: string;
}) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <ScrollRegion label="Users">
        <Table>
          <caption className="sr-only">Users</caption>
          <TableHead>
            <HeaderCell>Person</HeaderCell>
            <HeaderCell>Role</HeaderCell>
            <HeaderCell>Status</HeaderCell>
            <HeaderCell>Last sign-in</HeaderCell>
            <HeaderCell align="right">
              <span className="sr-only">Actions</span>
            </HeaderCell>
          </TableHead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} />
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    </div>
  );
}
