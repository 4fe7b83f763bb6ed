import { Alert, Button, Group, Modal, Radio, Stack, Table, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { ListTable } from "../../components/ListTable";
import { ModalActions } from "../../components/ModalActions";
import { QueryView } from "../../components/QueryView";
import { RenameModal } from "../../components/RenameModal";
import { RowActions, RowButton } from "../../components/RowActions";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifySuccess } from "../../lib/notify";
import { browserSupportsPasskeys, webAuthnUnsupportedMessage } from "../auth/passkey-sign-in";
import { type Passkey, passkeysQueryKey, usePasskeys } from "./account.queries";
import { SectionCard } from "./SectionCard";

const deviceTypes: Record<string, string> = {
  singleDevice: "This device only",
  multiDevice: "Synced across devices",
};

type Attachment = "any" | "platform" | "cross-platform";

function passkeyLabel(passkey: Pick<Passkey, "name">): string {
  return passkey.name?.trim() || "Unnamed passkey";
}

/**
 * The browser reports a dismissed or timed-out prompt as NotAllowedError, which the passkey client
 * passes through with the browser's wording; SPEC §8 calls that case "registration cancelled".
 */
function registrationError(error: AuthCallError): AuthCallError {
  if (error.code === "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY")
    return { ...error, message: `Registration cancelled. ${error.message ?? ""}`.trim() };
  return error;
}

export function PasskeysSection() {
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const supported = browserSupportsPasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  // SPEC §4: the list is refetched after a passkey is registered, renamed or removed.
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });

  const rename = async (name: string) => {
    if (!renaming) return null;
    const result = await authClient.passkey.updatePasskey({ id: renaming.id, name });
    if (result.error) return result.error;
    await refresh();
    notifySuccess(`The passkey is now called ${name}.`, "Passkey renamed");
    return null;
  };

  const remove = async () => {
    if (!removing) return null;
    const result = await authClient.passkey.deletePasskey({ id: removing.id });
    if (result.error) return result.error;
    await refresh();
    notifySuccess(`${passkeyLabel(removing)} can no longer sign in to your account.`, "Passkey removed");
    return null;
  };

  return (
    <SectionCard title="Passkeys" description="Sign in with your fingerprint, face, screen lock or a security key instead of a password.">
      {!supported && (
        <Alert color="yellow" role="alert">
          {webAuthnUnsupportedMessage}
        </Alert>
      )}
      <QueryView
        query={passkeys}
        loadingLabel="Loading passkeys"
        errorTitle="Could not load your passkeys"
        empty={<Text c="dimmed">You have no passkeys yet.</Text>}
      >
        {(list) => (
          <ListTable caption="Passkeys that can sign in to your account" columns={["Name", "Created", "Type", "Actions"]} minWidth={560}>
            {list.map((passkey) => {
              const label = passkeyLabel(passkey);
              return (
                <Table.Tr key={passkey.id}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{label}</Table.Td>
                  <Table.Td>{formatDateTime(passkey.createdAt)}</Table.Td>
                  <Table.Td>{deviceTypes[passkey.deviceType] ?? passkey.deviceType}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      <RowButton variant="default" label={`Rename passkey ${label}`} onClick={() => setRenaming(passkey)}>
                        Rename
                      </RowButton>
                      <RowButton danger label={`Remove passkey ${label}`} onClick={() => setRemoving(passkey)}>
                        Remove
                      </RowButton>
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </QueryView>
      <Group>
        <Button onClick={() => setAdding(true)} disabled={!supported}>
          Add passkey
        </Button>
      </Group>
      <AddPasskeyModal opened={adding} onClose={() => setAdding(false)} onAdded={refresh} />
      {renaming && (
        <RenameModal
          key={renaming.id}
          title="Rename passkey"
          label="Passkey name"
          currentName={renaming.name ?? ""}
          maxLength={100}
          errorTitle="Could not rename the passkey"
          onClose={() => setRenaming(null)}
          onRename={rename}
        />
      )}
      <ConfirmActionModal
        opened={removing !== null}
        title="Remove this passkey?"
        description={
          removing &&
          `${passkeyLabel(removing)} will no longer sign you in. Also delete it from your device or password manager so it is not offered again.`
        }
        confirmLabel="Yes, remove it"
        errorTitle="Could not remove the passkey"
        onClose={() => setRemoving(null)}
        onConfirm={remove}
      />
    </SectionCard>
  );
}

function AddPasskeyModal({ opened, onClose, onAdded }: { opened: boolean; onClose: () => void; onAdded: () => unknown }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm<{ name: string; attachment: Attachment }>({ initialValues: { name: "", attachment: "any" } });

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ name, attachment }) => {
    setBusy(true);
    setError(null);
    const result = await authClient.passkey.addPasskey({
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(attachment === "any" ? {} : { authenticatorAttachment: attachment }),
    });
    setBusy(false);
    if (result?.error) {
      setError(registrationError(result.error));
      return;
    }
    await onAdded();
    notifySuccess(`You can now sign in with ${name.trim() || "this passkey"}.`, "Passkey added");
    close();
  });

  return (
    <Modal opened={opened} onClose={close} title="Add a passkey" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="The passkey was not added" />
          <TextInput
            label="Passkey name"
            description="Optional, to tell your passkeys apart, e.g. “Work laptop”."
            data-autofocus
            maxLength={100}
            {...form.getInputProps("name")}
          />
          <Radio.Group label="Authenticator" {...form.getInputProps("attachment")}>
            <Stack gap={6} mt={6}>
              <Radio value="any" label="Let my browser choose" />
              <Radio value="platform" label="This device (fingerprint, face or screen lock)" />
              <Radio value="cross-platform" label="A security key or another device" />
            </Stack>
          </Radio.Group>
          <ModalActions confirmLabel="Create passkey" loading={busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
