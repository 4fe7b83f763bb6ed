import { Checkbox, Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ModalActions } from "../../components/ModalActions";
import { PasswordField } from "../../components/PasswordField";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import { emailField, passwordField, requiredField } from "../auth/validation";
import { adminKeys, type PlatformRole } from "./admin.queries";

const initialValues = { name: "", email: "", password: "", role: "user" as PlatformRole, emailVerified: true };

/** Creates a user with a password; the admin vouches for the address unless they untick it. */
export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm({
    initialValues,
    validate: { name: requiredField("Name"), email: emailField, password: passwordField },
  });

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ name, email, password, role, emailVerified }) => {
    setBusy(true);
    setError(null);
    const result = await authClient.admin.createUser({
      name: name.trim(),
      email: email.trim(),
      password,
      role,
      data: { emailVerified },
    });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    notifySuccess(`${result.data.user.email} can now sign in.`, "User created");
    close();
    await navigate({ to: "/admin/users/$userId", params: { userId: result.data.user.id } });
  });

  return (
    <Modal opened={opened} onClose={close} title="Create user" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="Could not create the user" />
          <TextInput label="Name" required data-autofocus autoComplete="off" {...form.getInputProps("name")} />
          <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps("email")} />
          <PasswordField label="Password" required autoComplete="new-password" {...form.getInputProps("password")} />
          <NativeSelect
            label="Role"
            data={[
              { value: "user", label: "User" },
              { value: "admin", label: "Admin" },
            ]}
            {...form.getInputProps("role")}
          />
          <Checkbox label="The email address is verified" {...form.getInputProps("emailVerified", { type: "checkbox" })} />
          <ModalActions confirmLabel="Create user" loading={busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
