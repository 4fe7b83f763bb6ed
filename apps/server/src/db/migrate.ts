import { type Kysely, type Migration, type MigrationResultSet, Migrator } from "kysely";
import * as identity from "./migrations/0001_identity.ts";
import * as jobs from "./migrations/0002_jobs_and_dev_mail.ts";
import * as signInMethods from "./migrations/0003_sign_in_methods.ts";
import * as organizations from "./migrations/0004_organizations_admin_api_keys.ts";
import * as billingAccessTokens from "./migrations/0005_billing_access_tokens.ts";
import * as billingOrganizations from "./migrations/0006_billing_organizations.ts";
import * as billingCustomers from "./migrations/0007_billing_customers.ts";
import * as billingFilesMeters from "./migrations/0008_billing_files_meters.ts";
import * as billingBenefitsCustomFields from "./migrations/0009_billing_benefits_custom_fields.ts";
import * as billingProducts from "./migrations/0010_billing_products.ts";
import * as billingDiscountsCheckoutLinks from "./migrations/0011_billing_discounts_checkout_links.ts";
import * as webhooks from "./migrations/0012_webhooks.ts";

/**
 * Migrations are listed here rather than discovered from the folder, so their order is explicit
 * and a bundler or a missing file can never silently skip one.
 */
const migrations: Record<string, Migration> = {
  "0001_identity": identity,
  "0002_jobs_and_dev_mail": jobs,
  "0003_sign_in_methods": signInMethods,
  "0004_organizations_admin_api_keys": organizations,
  "0005_billing_access_tokens": billingAccessTokens,
  "0006_billing_organizations": billingOrganizations,
  "0007_billing_customers": billingCustomers,
  "0008_billing_files_meters": billingFilesMeters,
  "0009_billing_benefits_custom_fields": billingBenefitsCustomFields,
  "0010_billing_products": billingProducts,
  "0011_billing_discounts_checkout_links": billingDiscountsCheckoutLinks,
  "0012_webhooks": webhooks,
};

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`Migration ${failed ?? "(unknown)"} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
