import { Modal } from "@mantine/core";
import { ShownOnceSecret } from "../../components/ShownOnceSecret";

interface SecretShownOnceModalProps {
  /** The full secret; null keeps the dialog closed. */
  secret: string | null;
  title: string;
  /** What the secret is for, above it. */
  intro: string;
  onClose: () => void;
}

/**
 * An endpoint's signing secret, the one time the API answers it in full (after create and after a
 * reset): later reads say "[redacted]", so the only way to see it again is to rotate.
 */
export function SecretShownOnceModal({ secret, title, intro, onClose }: SecretShownOnceModalProps) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} centered size="lg">
      {secret !== null && (
        <ShownOnceSecret
          secret={secret}
          noun="secret"
          warning="This is the only time the signing secret is shown. If you lose it, rotate the secret to get a new one."
          intro={intro}
          label="Signing secret"
          testId="webhook-secret"
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
