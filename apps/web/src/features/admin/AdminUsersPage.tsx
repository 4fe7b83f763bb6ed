import { Button, Group, NativeSelect, Stack, Table, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { AnchorLink } from "../../components/links";
import { PagedListFooter } from "../../components/PagedListFooter";
import { QueryView } from "../../components/QueryView";
import { formatDateTime } from "../../lib/format";
import { SectionCard } from "../account/SectionCard";
import { type AdminUser, type PlatformRole, type SortableUserField, type UsersQuery, useAdminUsers } from "./admin.queries";
import { CreateUserModal } from "./CreateUserModal";
import { UserStatusBadges } from "./UserStatusBadges";

const pageSize = 20;

type UserSort = { by: SortableUserField; direction: "asc" | "desc" };

const columns: { field: SortableUserField; label: string }[] = [
  { field: "name", label: "Name" },
  { field: "email", label: "Email" },
  { field: "createdAt", label: "Created" },
];

/** /admin: every user, searchable, filterable by role, sortable by column, a page at a time. */
export function AdminUsersPage() {
  const [createOpened, createModal] = useDisclosure(false);
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [searchField, setSearchField] = useState<UsersQuery["searchField"]>("email");
  const [role, setRole] = useState<UsersQuery["role"]>("");
  const [sort, setSort] = useState<UserSort>({ by: "createdAt", direction: "desc" });
  const [page, setPage] = useState(1);

  const users = useAdminUsers({
    search: debouncedSearch,
    searchField,
    role,
    sortBy: sort.by,
    sortDirection: sort.direction,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });

  const sortBy = (field: SortableUserField) => {
    setSort((current) => ({ by: field, direction: current.by === field && current.direction === "asc" ? "desc" : "asc" }));
    setPage(1);
  };

  return (
    <SectionCard title="Users">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label="Search users"
          placeholder={searchField === "email" ? "Part of an email address" : "Part of a name"}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: "1 1 16rem" }}
        />
        <NativeSelect
          label="Search in"
          data={[
            { value: "email", label: "Email" },
            { value: "name", label: "Name" },
          ]}
          value={searchField}
          onChange={(event) => {
            setSearchField(event.currentTarget.value === "name" ? "name" : "email");
            setPage(1);
          }}
        />
        <NativeSelect
          label="Role"
          data={[
            { value: "", label: "All roles" },
            { value: "admin", label: "Admin" },
            { value: "user", label: "User" },
          ]}
          value={role}
          onChange={(event) => {
            setRole(event.currentTarget.value as "" | PlatformRole);
            setPage(1);
          }}
        />
        <Button onClick={createModal.open}>Create user</Button>
      </Group>
      <Stack gap="sm">
        <QueryView query={users} loadingLabel="Loading users" errorTitle="Could not load users">
          {({ users: rows, total }) => (
            <>
              <UsersTable rows={rows} sort={sort} onSort={sortBy} />
              <PagedListFooter
                noun="Users"
                noneText="No users match."
                shown={rows.length}
                total={total}
                page={page}
                pageSize={pageSize}
                onPageChange={setPage}
              />
            </>
          )}
        </QueryView>
      </Stack>
      <CreateUserModal opened={createOpened} onClose={createModal.close} />
    </SectionCard>
  );
}

function UsersTable({ rows, sort, onSort }: { rows: AdminUser[]; sort: UserSort; onSort: (field: SortableUserField) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>Users of this Gatehouse</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map(({ field, label }) => {
              const active = sort.by === field;
              return (
                <Table.Th key={field} scope="col" aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
                  {/* The button is named by the column; aria-sort on the header tells the order. */}
                  <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
                    {label}
                    <span aria-hidden="true">{active ? (sort.direction === "asc" ? " ▲" : " ▼") : ""}</span>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                <AnchorLink to="/admin/users/$userId" params={{ userId: user.id }}>
                  {user.name || "(no name)"}
                </AnchorLink>
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{user.email}</Table.Td>
              <Table.Td>{formatDateTime(user.createdAt)}</Table.Td>
              <Table.Td>{user.role || "user"}</Table.Td>
              <Table.Td>
                <UserStatusBadges user={user} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
