import { Alert, Button, Group, Modal, Radio, Stack, Table, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PageLoader } from "../../components/PageLoader";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifySuccess } from "../../lib/notify";
import { browserSupportsPasskeys, webAuthnUnsupportedMessage } from "../auth/passkey-sign-in";
import { ActionErrorAlert } from "./ActionErrorAlert";
import { type Passkey, passkeysQueryKey, usePasskeys } from "./account.queries";
import { ModalActions } from "./ModalActions";
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

  let body: React.ReactNode;
  if (passkeys.isPending) body = <PageLoader label="Loading passkeys" />;
  else if (passkeys.isError)
    body = (
      <Alert color="red" role="alert" title="Could not load your passkeys">
        {passkeys.error.message}
      </Alert>
    );
  else if (passkeys.data.length === 0) body = <Text c="dimmed">You have no passkeys yet.</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="sm">
          <Table.Caption>Passkeys that can sign in to your account</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Created</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {passkeys.data.map((passkey) => {
              const label = passkeyLabel(passkey);
              return (
                <Table.Tr key={passkey.id}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{label}</Table.Td>
                  <Table.Td>{formatDateTime(passkey.createdAt)}</Table.Td>
                  <Table.Td>{deviceTypes[passkey.deviceType] ?? passkey.deviceType}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" aria-label={`Rename passkey ${label}`} onClick={() => setRenaming(passkey)}>
                        Rename
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        aria-label={`Remove passkey ${label}`}
                        onClick={() => setRemoving(passkey)}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <SectionCard title="Passkeys" description="Sign in with your fingerprint, face, screen lock or a security key instead of a password.">
      {!supported && (
        <Alert color="yellow" role="alert">
          {webAuthnUnsupportedMessage}
        </Alert>
      )}
      {body}
      <Group>
        <Button onClick={() => setAdding(true)} disabled={!supported}>
          Add passkey
        </Button>
      </Group>
      <AddPasskeyModal opened={adding} onClose={() => setAdding(false)} onAdded={refresh} />
      <RenamePasskeyModal passkey={renaming} onClose={() => setRenaming(null)} onRenamed={refresh} />
      <RemovePasskeyModal passkey={removing} onClose={() => setRemoving(null)} onRemoved={refresh} />
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

function RenamePasskeyModal({ passkey, onClose, onRenamed }: { passkey: Passkey | null; onClose: () => void; onRenamed: () => unknown }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  // Start from the current name each time a passkey is picked.
  const [editing, setEditing] = useState<string | null>(null);
  if (passkey && editing !== passkey.id) {
    setEditing(passkey.id);
    setName(passkey.name ?? "");
    setError(null);
    setNameError(null);
  }

  const close = () => {
    setEditing(null);
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!passkey) return;
    if (!name.trim()) {
      setNameError("Name is required");
      return;
    }
    setBusy(true);
    setError(null);
    const result = await authClient.passkey.updatePasskey({ id: passkey.id, name: name.trim() });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    await onRenamed();
    notifySuccess(`The passkey is now called ${name.trim()}.`, "Passkey renamed");
    close();
  };

  return (
    <Modal opened={passkey !== null} onClose={close} title="Rename passkey" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="Could not rename the passkey" />
          <TextInput
            label="Passkey name"
            required
            data-autofocus
            maxLength={100}
            value={name}
            error={nameError}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
          />
          <ModalActions confirmLabel="Save name" loading={busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}

function RemovePasskeyModal({ passkey, onClose, onRemoved }: { passkey: Passkey | null; onClose: () => void; onRemoved: () => unknown }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const remove = async () => {
    if (!passkey) return;
    setBusy(true);
    setError(null);
    const result = await authClient.passkey.deletePasskey({ id: passkey.id });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    await onRemoved();
    notifySuccess(`${passkeyLabel(passkey)} can no longer sign in to your account.`, "Passkey removed");
    close();
  };

  return (
    <Modal opened={passkey !== null} onClose={close} title="Remove this passkey?" centered>
      <Stack gap="sm">
        <ActionErrorAlert error={error} title="Could not remove the passkey" />
        <Text size="sm">
          {passkey ? passkeyLabel(passkey) : ""} will no longer sign you in. Also delete it from your device or password manager so it is
          not offered again.
        </Text>
        <ModalActions confirmLabel="Yes, remove it" color="red" loading={busy} onCancel={close} onConfirm={remove} />
      </Stack>
    </Modal>
  );
}
