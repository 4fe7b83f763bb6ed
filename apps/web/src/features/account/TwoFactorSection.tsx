import { Badge, Button, Code, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { authClient } from "../../lib/auth-client";
import { errorMessage } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import { BackupCodes } from "./BackupCodes";
import { ConfirmPasswordModal } from "./ConfirmPasswordModal";
import { SectionCard } from "./SectionCard";

interface Setup {
  totpURI: string;
  backupCodes: string[];
}

/** What the section shows besides the on/off state; kept here because the session changes under it. */
type Step = { kind: "idle" } | { kind: "setup"; setup: Setup } | { kind: "codes"; codes: string[]; title: string };
type Prompt = "enable" | "disable" | "regenerate" | null;

/** The base32 secret inside an otpauth:// URI, for people who type it instead of scanning. */
function totpSecret(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get("secret") ?? "";
  } catch {
    return "";
  }
}

/** Groups of four read back more easily; authenticator apps ignore the spaces. */
function groupedKey(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [prompt, setPrompt] = useState<Prompt>(null);
  const closePrompt = () => setPrompt(null);

  const enable = async (password: string) => {
    const result = await authClient.twoFactor.enable({ password });
    if (result.error) return result.error;
    // "otp" (codes by email or SMS) is not configured on this server; only the app method answers.
    if (result.data.method !== "totp") return { message: "The server did not return an authenticator key." };
    closePrompt();
    setStep({ kind: "setup", setup: { totpURI: result.data.totpURI, backupCodes: result.data.backupCodes } });
    return null;
  };

  const disable = async (password: string) => {
    const result = await authClient.twoFactor.disable({ password });
    if (result.error) return result.error;
    closePrompt();
    setStep({ kind: "idle" });
    notifySuccess("Signing in now needs only your password or another sign-in method.", "Two-factor authentication is off");
    return null;
  };

  const regenerate = async (password: string) => {
    const result = await authClient.twoFactor.generateBackupCodes({ password });
    if (result.error) return result.error;
    closePrompt();
    setStep({ kind: "codes", codes: result.data.backupCodes, title: "Your new backup codes" });
    return null;
  };

  let body: React.ReactNode;
  if (step.kind === "setup")
    body = (
      <SetupAuthenticator
        setup={step.setup}
        onCancel={() => setStep({ kind: "idle" })}
        onVerified={() => {
          setStep({ kind: "codes", codes: step.setup.backupCodes, title: "Save your backup codes" });
          notifySuccess("From now on, signing in with your password also asks for a code.", "Two-factor authentication is on");
        }}
      />
    );
  else if (step.kind === "codes") body = <BackupCodes codes={step.codes} title={step.title} onDone={() => setStep({ kind: "idle" })} />;
  else if (enabled)
    body = (
      <Group>
        <Button variant="default" onClick={() => setPrompt("regenerate")}>
          Regenerate backup codes
        </Button>
        <Button color="red" variant="light" onClick={() => setPrompt("disable")}>
          Disable two-factor
        </Button>
      </Group>
    );
  else
    body = (
      <Group>
        <Button onClick={() => setPrompt("enable")}>Enable two-factor</Button>
      </Group>
    );

  return (
    <SectionCard
      title="Two-factor authentication"
      description="After your password, also ask for a code from an authenticator app on your phone."
    >
      <Group gap="sm">
        <Text fw={600}>Status</Text>
        {enabled ? <Badge color="green">On</Badge> : <Badge color="gray">Off</Badge>}
      </Group>
      {body}
      <ConfirmPasswordModal
        opened={prompt === "enable"}
        title="Enable two-factor authentication"
        description="Enter your password to set up an authenticator app."
        confirmLabel="Continue"
        onClose={closePrompt}
        onConfirm={enable}
      />
      <ConfirmPasswordModal
        opened={prompt === "disable"}
        title="Disable two-factor authentication?"
        description="Signing in will no longer ask for a code. Your backup codes stop working."
        confirmLabel="Turn off two-factor"
        color="red"
        onClose={closePrompt}
        onConfirm={disable}
      />
      <ConfirmPasswordModal
        opened={prompt === "regenerate"}
        title="Regenerate backup codes"
        description="New codes replace the old ones, which stop working at once."
        confirmLabel="Generate new codes"
        onClose={closePrompt}
        onConfirm={regenerate}
      />
    </SectionCard>
  );
}

function SetupAuthenticator({ setup, onCancel, onVerified }: { setup: Setup; onCancel: () => void; onVerified: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const secret = totpSecret(setup.totpURI);
  const form = useForm({
    initialValues: { code: "" },
    validate: { code: (value) => (/^\d{6}$/.test(value.trim()) ? null : "Enter the 6-digit code") },
  });

  useEffect(() => {
    let live = true;
    // Drawn in the browser: the secret never leaves the page for a QR service.
    QRCode.toDataURL(setup.totpURI, { margin: 1, width: 200, errorCorrectionLevel: "M" })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [setup.totpURI]);

  const submit = form.onSubmit(async ({ code }) => {
    setVerifying(true);
    const result = await authClient.twoFactor.verifyTotp({ code: code.trim() });
    setVerifying(false);
    if (result.error) {
      form.setFieldError("code", errorMessage(result.error));
      return;
    }
    onVerified();
  });

  return (
    <Stack gap="sm">
      <Text>
        1. Scan this QR code with your authenticator app (for example 1Password, Aegis or Google Authenticator), or type the setup key into
        it.
      </Text>
      {qr && <Image src={qr} alt="QR code for your authenticator app" w={200} h={200} fit="contain" />}
      <Text>
        Setup key: <Code style={{ wordBreak: "break-all" }}>{groupedKey(secret)}</Code>
      </Text>
      <Text>2. Enter the 6-digit code the app shows.</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Code from your app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            w={200}
            data-autofocus
            {...form.getInputProps("code")}
          />
          <Group>
            <Button type="submit" loading={verifying}>
              Verify and enable
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel setup
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
