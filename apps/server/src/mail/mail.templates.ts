import type { Mail } from "./mailer.ts";

/** Plain, readable messages: the text part carries the link on its own line so any client shows it. */
const compose = (to: string, subject: string, lines: string[], link: { label: string; url: string }): Mail => {
  const text = [...lines, "", `${link.label}:`, link.url, "", "If you did not ask for this, you can ignore this email."].join("\n");
  const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join(
      "",
    )}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p style="color:#666">If you did not ask for this, you can ignore this email.</p></body></html>`;
  return { to, subject, text, html };
};

export const mailTemplates = {
  verifyEmail: (to: string, url: string) =>
    compose(to, "Verify your email address", ["Welcome to Gatehouse.", "Please confirm that this is your email address."], {
      label: "Verify email",
      url,
    }),
  resetPassword: (to: string, url: string) =>
    compose(
      to,
      "Reset your password",
      ["Someone asked to reset the password of your Gatehouse account.", "The link is valid for one hour."],
      {
        label: "Reset password",
        url,
      },
    ),
  confirmEmailChange: (to: string, newEmail: string, url: string) =>
    compose(to, "Confirm your email change", [`Someone asked to change the email of your Gatehouse account to ${newEmail}.`], {
      label: "Approve the change",
      url,
    }),
  existingAccountNotice: (to: string, url: string) =>
    compose(
      to,
      "Someone tried to sign up with your email",
      [
        "Someone tried to create a Gatehouse account with this address, which already has one.",
        "If it was you, sign in instead — or reset your password if you forgot it.",
      ],
      {
        label: "Sign in",
        url,
      },
    ),
  magicLink: (to: string, url: string, minutes: number) =>
    compose(
      to,
      "Your sign-in link",
      ["Use this link to sign in to Gatehouse. It works once.", `The link is valid for ${minutes} minute${minutes === 1 ? "" : "s"}.`],
      { label: "Sign in", url },
    ),
  organizationInvitation: (
    to: string,
    invite: { organizationName: string; inviterName: string; role: string; url: string; expiresInSeconds: number },
  ) => {
    // INVITATION_EXPIRES_IN is seconds and need not be whole days: "2 days", "1 hour", "30 minutes".
    const s = invite.expiresInSeconds;
    const [amount, unit] =
      s % 86400 === 0 ? [s / 86400, "day"] : s >= 3600 ? [Math.round(s / 3600), "hour"] : [Math.max(1, Math.round(s / 60)), "minute"];
    return compose(
      to,
      `You are invited to join ${invite.organizationName}`,
      [
        // A role list is stored comma-separated ("admin,member"); people read it with spaces.
        `${invite.inviterName} invited you to join ${invite.organizationName} on Gatehouse as ${invite.role.split(",").join(", ")}.`,
        "Sign in or create an account with this email address, then accept the invitation.",
        `The invitation is valid for ${amount} ${unit}${amount === 1 ? "" : "s"}.`,
      ],
      { label: "View the invitation", url: invite.url },
    );
  },
  confirmAccountDeletion: (to: string, url: string) =>
    compose(
      to,
      "Confirm account deletion",
      ["Someone asked to delete your Gatehouse account. This cannot be undone.", "The link is valid for 24 hours."],
      {
        label: "Delete my account",
        url,
      },
    ),
};
