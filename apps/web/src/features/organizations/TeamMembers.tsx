import { Alert, Button, Group, List, NativeSelect, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { PageLoader } from "../../components/PageLoader";
import { authClient } from "../../lib/auth-client";
import { type AuthCallError, AuthRequestError, unwrap } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import {
  type OrganizationMember,
  type OrganizationTabProps,
  type OrganizationTeam,
  teamMembersKey,
  useRefreshOrganizations,
} from "./organization.queries";

const fallbackMemberLimit = 30;

/**
 * The user ids in a team. better-auth lists a team's members only to people in that team; someone
 * allowed to manage members (who may add and remove them) can still ask each member's teams.
 */
function useTeamMemberIds(organizationId: string, members: OrganizationMember[], teamId: string, canManage: boolean) {
  return useQuery({
    queryKey: teamMembersKey(organizationId, teamId),
    queryFn: async () => {
      const direct = await authClient.organization.listTeamMembers({ query: { teamId } });
      if (!direct.error) return direct.data.map((teamMember) => teamMember.userId);
      // One request per member: only worth it (and within the rate limit) for small organizations.
      if (!canManage || members.length > fallbackMemberLimit) throw new AuthRequestError(direct.error);
      const inTeam = await Promise.all(
        members.map(async (member) => {
          const teams = unwrap(await authClient.organization.listUserTeams({ query: { userId: member.userId, organizationId } }));
          return teams.some((team) => team.id === teamId) ? member.userId : null;
        }),
      );
      return inTeam.filter((userId): userId is string => userId !== null);
    },
  });
}

export function TeamMembers({ organization, permissions, team }: OrganizationTabProps & { team: OrganizationTeam }) {
  const refresh = useRefreshOrganizations();
  const memberIds = useTeamMemberIds(organization.id, organization.members, team.id, permissions.updateMember);
  const [error, setError] = useState<AuthCallError | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [toAdd, setToAdd] = useState("");

  if (memberIds.isPending) return <PageLoader label={`Loading the members of ${team.name}`} />;
  if (memberIds.isError)
    return (
      <Alert color="yellow" role="status" title="Members not shown">
        {memberIds.error.message}. You can see the members of teams you belong to.
      </Alert>
    );

  const inTeam = organization.members.filter((member) => memberIds.data.includes(member.userId));
  const outside = organization.members.filter((member) => !memberIds.data.includes(member.userId));

  const change = async (action: "add" | "remove", userId: string) => {
    setBusy(`${action}:${userId}`);
    setError(null);
    const body = { teamId: team.id, userId, organizationId: organization.id };
    const result =
      action === "add" ? await authClient.organization.addTeamMember(body) : await authClient.organization.removeTeamMember(body);
    setBusy(null);
    if (result.error) {
      setError(result.error);
      return;
    }
    const name = organization.members.find((member) => member.userId === userId)?.user.name ?? "The member";
    notifySuccess(action === "add" ? `${name} joined ${team.name}.` : `${name} left ${team.name}.`);
    setToAdd("");
    await refresh();
  };

  return (
    <Stack gap="sm">
      <ActionErrorAlert error={error} title="Could not change the team" />
      <Text fw={500} size="sm">
        Members of {team.name}
      </Text>
      {inTeam.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nobody is in this team yet.
        </Text>
      ) : (
        <List spacing="xs" listStyleType="none" aria-label={`Members of ${team.name}`}>
          {inTeam.map((member) => (
            <List.Item key={member.id}>
              <Group gap="sm" wrap="nowrap">
                <Text size="sm">
                  {member.user.name} ({member.user.email})
                </Text>
                {permissions.deleteMember && (
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="subtle"
                    aria-label={`Remove ${member.user.name} from ${team.name}`}
                    loading={busy === `remove:${member.userId}`}
                    onClick={() => void change("remove", member.userId)}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {permissions.updateMember && outside.length > 0 && (
        <Group align="flex-end">
          <NativeSelect
            label={`Add a member to ${team.name}`}
            value={toAdd}
            onChange={(event) => setToAdd(event.currentTarget.value)}
            data={[
              { value: "", label: "Choose a member" },
              ...outside.map((member) => ({ value: member.userId, label: `${member.user.name} (${member.user.email})` })),
            ]}
          />
          <Button disabled={!toAdd} loading={busy === `add:${toAdd}`} onClick={() => void change("add", toAdd)}>
            Add to team
          </Button>
        </Group>
      )}
    </Stack>
  );
}
