import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { QueryView } from "../../components/QueryView";
import { billingApi } from "../../lib/billing-api";
import { optionalUrlField } from "../auth/validation";
import { ManagedFieldset, ManageOnly } from "./billing-access";
import { useBillingSubmit } from "./billing-submit";
import type { BillingOrganization, SocialLink, SubscriptionSettings } from "./billing-types";
import { DashboardLayout } from "./DashboardLayout";
import { useActiveOrganizationId, useBillingKey } from "./dashboard.queries";

const SOCIAL_PLATFORMS = ["x", "github", "facebook", "instagram", "youtube", "tiktok", "linkedin", "threads", "discord", "other"];

const PRORATION_CHOICES = [
  { value: "prorate", label: "Prorate: charge or credit the difference on the next invoice" },
  { value: "invoice", label: "Invoice: charge the difference immediately" },
  { value: "next_period", label: "Next period: apply the change at the next renewal" },
];

/** The organization's billing settings (Polar's organization: contact details and subscription rules). */
export function BillingSettingsPage() {
  return (
    <DashboardLayout title="Billing settings">
      <SettingsLoader />
    </DashboardLayout>
  );
}

function SettingsLoader() {
  const organizationId = useActiveOrganizationId();
  const key = useBillingKey("organization");
  const organization = useQuery({ queryKey: key, queryFn: () => billingApi<BillingOrganization>(`/v1/organizations/${organizationId}`) });
  const queryClient = useQueryClient();
  return (
    <QueryView query={organization} loadingLabel="Loading the billing settings" errorTitle="Could not load the billing settings">
      {(data) => <SettingsForm key={JSON.stringify(data)} organization={data} onSaved={(saved) => queryClient.setQueryData(key, saved)} />}
    </QueryView>
  );
}

function SettingsForm({
  organization,
  onSaved,
}: {
  organization: BillingOrganization;
  onSaved: (organization: BillingOrganization) => void;
}) {
  const form = useForm({
    initialValues: {
      email: organization.email ?? "",
      website: organization.website ?? "",
      socials: organization.socials as SocialLink[],
      subscription: organization.subscription_settings as SubscriptionSettings,
    },
    validate: {
      email: (value: string) => (!value.trim() || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : "Enter a valid email address"),
      website: optionalUrlField,
      socials: { url: (value: string) => optionalUrlField(value) ?? (value.trim() ? null : "Enter the profile's URL") },
    },
  });

  const save = useBillingSubmit({ form, errorTitle: "Could not save the billing settings" });

  const submit = form.onSubmit((values) =>
    save.run(
      () =>
        billingApi<BillingOrganization>(`/v1/organizations/${organization.id}`, {
          method: "PATCH",
          body: {
            email: values.email.trim() || null,
            website: values.website.trim() || null,
            socials: values.socials.map((social) => ({ platform: social.platform, url: social.url.trim() })),
            subscription_settings: values.subscription,
          },
        }),
      { success: "The billing settings are saved.", onSaved: onSaved },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ManagedFieldset>
          <Stack gap="md">
            <Fieldset legend="Contact">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Support email"
                  type="email"
                  description="Where customers can reach you."
                  {...form.getInputProps("email")}
                />
                <TextInput label="Website" placeholder="https://example.com" {...form.getInputProps("website")} />
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend="Social links">
              <Stack gap="xs">
                {form.values.socials.length === 0 && (
                  <Text size="sm" c="dimmed">
                    No social links.
                  </Text>
                )}
                {form.values.socials.map((_social, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: links have no identity but their position while editing
                  <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                    <NativeSelect
                      label={`Platform ${index + 1}`}
                      data={SOCIAL_PLATFORMS}
                      {...form.getInputProps(`socials.${index}.platform`)}
                    />
                    <TextInput label={`Profile URL ${index + 1}`} flex={1} {...form.getInputProps(`socials.${index}.url`)} />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mt={24}
                      aria-label={`Remove social link ${index + 1}`}
                      onClick={() => form.removeListItem("socials", index)}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                ))}
                <Group>
                  <Button variant="default" size="xs" onClick={() => form.insertListItem("socials", { platform: "x", url: "" })}>
                    Add social link
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
            <Fieldset legend="Subscriptions">
              <Stack gap="sm">
                <Checkbox
                  label="Allow a customer several active subscriptions"
                  {...form.getInputProps("subscription.allow_multiple_subscriptions", { type: "checkbox" })}
                />
                <Checkbox
                  label="Prevent trial abuse (one trial per customer)"
                  {...form.getInputProps("subscription.prevent_trial_abuse", { type: "checkbox" })}
                />
                <Checkbox
                  label="Let customers change their subscription"
                  {...form.getInputProps("subscription.allow_customer_updates", { type: "checkbox" })}
                />
                <NativeSelect
                  label="When a customer changes plan"
                  data={PRORATION_CHOICES}
                  {...form.getInputProps("subscription.proration_behavior")}
                />
                <NumberInput
                  label="Benefit revocation grace period (days)"
                  description="How long a customer keeps benefits after a failed payment."
                  min={0}
                  max={365}
                  maw={320}
                  {...form.getInputProps("subscription.benefit_revocation_grace_period")}
                />
              </Stack>
            </Fieldset>
          </Stack>
        </ManagedFieldset>
        <ManageOnly>
          <Group justify="flex-end">
            <Button type="submit" loading={save.busy}>
              Save settings
            </Button>
          </Group>
        </ManageOnly>
      </Stack>
    </form>
  );
}
