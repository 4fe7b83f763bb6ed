import { z } from "../api/openapi.ts";
import { Address, Customer, CustomerType } from "../customers/customers.schemas.ts";

/** Either `customer_id` or `external_customer_id` (the service insists on one). Members are ignored. */
export const CustomerSessionCreate = z
  .object({
    customer_id: z.string().nullish(),
    external_customer_id: z.string().nullish(),
    member_id: z.string().nullish(),
    external_member_id: z.string().nullish(),
    return_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullish()
      .openapi({ description: "Where the portal's back link leads." }),
  })
  .openapi("CustomerSessionCreate");

export type CustomerSessionCreateInput = z.infer<typeof CustomerSessionCreate>;

const timestamp = z.string().openapi({ format: "date-time" });

export const CustomerSession = z
  .object({
    created_at: timestamp,
    modified_at: timestamp.nullable(),
    id: z.string().openapi({ format: "uuid" }),
    token: z.string().openapi({ description: "A `polar_cst_` token, shown once; only its hash is kept." }),
    expires_at: timestamp,
    return_url: z.string().nullable(),
    customer_portal_url: z.string(),
    customer_id: z.string(),
    customer: Customer,
  })
  .openapi("CustomerSession");

export type CustomerSessionOut = z.infer<typeof CustomerSession>;

/** The signed-in customer as the customer portal shows them to themselves. */
export const CustomerPortalCustomer = z
  .object({
    created_at: timestamp,
    modified_at: timestamp.nullable(),
    id: z.string(),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    name: z.string().nullable(),
    billing_name: z.string().nullable(),
    billing_address: Address.nullable(),
    tax_id: z.tuple([z.string(), z.string()]).nullable(),
    oauth_accounts: z.record(z.string(), z.object({ account_id: z.string(), account_username: z.string().nullable() })),
    default_payment_method_id: z.string().nullable(),
    type: CustomerType,
    locale: z.string().nullable(),
  })
  .openapi("CustomerPortalCustomer");

export type CustomerPortalCustomerOut = z.infer<typeof CustomerPortalCustomer>;
