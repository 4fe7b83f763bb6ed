import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { isPlatformAdmin } from "../../components/nav-items";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";

/** Platform roles (SPEC §6); a user may hold a comma-separated list of them. */
export const platformRoles = ["user", "admin"] as const;
export type PlatformRole = (typeof platformRoles)[number];

export const adminKeys = {
  all: ["admin"] as const,
  users: (query: UsersQuery) => ["admin", "users", query] as const,
  user: (userId: string) => ["admin", "user", userId] as const,
  sessions: (userId: string) => ["admin", "sessions", userId] as const,
};

export type SortableUserField = "name" | "email" | "createdAt";

export interface UsersQuery {
  search: string;
  searchField: "email" | "name";
  role: "" | PlatformRole;
  sortBy: SortableUserField;
  sortDirection: "asc" | "desc";
  limit: number;
  offset: number;
}

// better-auth stores addresses in lower case, and LIKE is case-sensitive on PostgreSQL.
const searchValue = (query: UsersQuery) => (query.searchField === "email" ? query.search.trim().toLowerCase() : query.search.trim());

export function useAdminUsers(query: UsersQuery) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: async () =>
      unwrap(
        await authClient.admin.listUsers({
          query: {
            limit: query.limit,
            offset: query.offset,
            sortBy: query.sortBy,
            sortDirection: query.sortDirection,
            ...(query.search.trim() ? { searchValue: searchValue(query), searchField: query.searchField, searchOperator: "contains" } : {}),
            // "contains" so that a combined role list such as "admin,user" counts for either role.
            ...(query.role ? { filterField: "role", filterValue: query.role, filterOperator: "contains" } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export type AdminUser = NonNullable<ReturnType<typeof useAdminUsers>["data"]>["users"][number];

export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: async () => unwrap(await authClient.admin.getUser({ query: { id: userId } })),
  });
}

export function useUserSessions(userId: string) {
  return useQuery({
    queryKey: adminKeys.sessions(userId),
    queryFn: async () => unwrap(await authClient.admin.listUserSessions({ userId })).sessions,
  });
}

/**
 * Whether the signed-in person may use the console. The role answers at once; otherwise the server
 * is asked, because ids listed in ADMIN_USER_IDS are admins whatever their role says.
 */
export function useCanAdminister(user: { id: string; role?: string | null | undefined } | undefined) {
  const byRole = user ? isPlatformAdmin(user) : false;
  const asked = useQuery({
    queryKey: ["admin", "may-administer", user?.id ?? null],
    enabled: Boolean(user) && !byRole,
    queryFn: async () => {
      const result = await authClient.admin.hasPermission({ permissions: { user: ["list"] } });
      return result.data?.success === true;
    },
  });
  if (!user) return { pending: false, allowed: false };
  if (byRole) return { pending: false, allowed: true };
  return { pending: asked.isPending, allowed: asked.data === true };
}
