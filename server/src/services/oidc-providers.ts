// The OpenID Connect providers: those an admin adds in the settings (their client secrets sealed) and the one the
// environment may set (PENNON_OIDC_*, id `sso`, read-only here). Secrets leave this module only to the provider.
import type { OidcProviderInfo, OidcProviderModel, SignInProvider } from '@pennon/sdk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OidcProvidersTable } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';
import type { EnvOidcProvider } from '../settings.ts';
import type { Sealer } from './sealing.ts';

/** The id of the provider PENNON_OIDC_* sets. */
export const envProviderId = 'sso';

export interface OidcProvider {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  iconUrl: string | null;
  allowedDomains: string[];
  createAccounts: boolean;
  linkByEmail: boolean;
  enabled: boolean;
  fromEnvironment: boolean;
  /** The client secret, opened; '' for a public client. */
  secret(): Promise<string>;
}

export const domainsOf = (list: string): string[] =>
  list
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);

export const buttonOf = (provider: OidcProvider): SignInProvider => ({
  id: provider.id,
  name: provider.name,
  iconUrl: provider.iconUrl,
});

export const infoOf = (provider: OidcProvider, redirectUri: string | null): OidcProviderInfo => ({
  ...buttonOf(provider),
  issuer: provider.issuer,
  clientId: provider.clientId,
  allowedDomains: provider.allowedDomains.join(', '),
  createAccounts: provider.createAccounts,
  linkByEmail: provider.linkByEmail,
  enabled: provider.enabled,
  fromEnvironment: provider.fromEnvironment,
  redirectUri,
});

/** An issuer is an absolute http(s) URL; an icon an https URL or a path of this platform (an uploaded asset). */
const checkUrls = (model: OidcProviderModel): void => {
  const issuer = URL.canParse(model.issuer) ? new URL(model.issuer) : undefined;
  if (!issuer || !/^https?:$/.test(issuer.protocol)) {
    throw new DomainError(400, 'The issuer must be an https URL, such as https://accounts.example.org');
  }
  const icon = model.iconUrl?.trim();
  if (icon && !/^https:\/\/[^\s]+$/i.test(icon) && !/^\/(?!\/)[^\s]*$/.test(icon)) {
    throw new DomainError(400, "The icon must be an https URL or a path of this platform's files");
  }
};

export class OidcProviders {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sealer: Sealer,
    private readonly env: EnvOidcProvider | undefined,
  ) {}

  private fromRow(row: Selectable<OidcProvidersTable>): OidcProvider {
    return {
      id: row.id,
      name: row.name,
      issuer: row.issuer,
      clientId: row.client_id,
      iconUrl: row.icon_url,
      allowedDomains: domainsOf(row.allowed_domains),
      createAccounts: row.create_accounts === 1,
      linkByEmail: row.link_by_email === 1,
      enabled: row.enabled === 1,
      fromEnvironment: false,
      secret: () => (row.client_secret ? this.sealer.openText(row.client_secret) : Promise.resolve('')),
    };
  }

  private fromEnv(env: EnvOidcProvider): OidcProvider {
    return {
      id: envProviderId,
      name: env.name,
      issuer: env.issuer,
      clientId: env.clientId,
      iconUrl: null,
      allowedDomains: [],
      createAccounts: true,
      linkByEmail: false,
      enabled: true,
      fromEnvironment: true,
      secret: async () => env.clientSecret,
    };
  }

  /** Every provider, the environment's first, then in the order they were added. */
  async all(): Promise<OidcProvider[]> {
    const rows = await this.db.selectFrom('oidc_providers').selectAll().orderBy('created_at').execute();
    return [...(this.env ? [this.fromEnv(this.env)] : []), ...rows.map((row) => this.fromRow(row))];
  }

  async enabled(): Promise<OidcProvider[]> {
    return (await this.all()).filter((provider) => provider.enabled);
  }

  async byId(id: string): Promise<OidcProvider | undefined> {
    return (await this.all()).find((provider) => provider.id === id);
  }

  /** An enabled provider, or 404. */
  async require(id: string): Promise<OidcProvider> {
    const provider = await this.byId(id);
    if (!provider?.enabled) throw new DomainError(404, 'This sign-in provider does not exist');
    return provider;
  }

  async add(model: OidcProviderModel, now = Date.now()): Promise<OidcProvider> {
    checkUrls(model);
    if (model.id === envProviderId || (await this.byId(model.id))) {
      throw new DomainError(400, msg`A provider with the id "${model.id}" already exists`);
    }
    await this.db
      .insertInto('oidc_providers')
      .values({
        id: model.id,
        ...this.columns(model),
        client_secret: model.clientSecret ? await this.sealer.seal(model.clientSecret) : '',
        created_at: now,
      })
      .execute();
    return (await this.byId(model.id)) as OidcProvider;
  }

  /** Changes a provider added in the settings; an empty secret keeps the stored one. */
  async update(id: string, model: OidcProviderModel): Promise<OidcProvider> {
    checkUrls(model);
    await this.editable(id);
    await this.db
      .updateTable('oidc_providers')
      .set({
        ...this.columns(model),
        ...(model.clientSecret && { client_secret: await this.sealer.seal(model.clientSecret) }),
      })
      .where('id', '=', id)
      .execute();
    return (await this.byId(id)) as OidcProvider;
  }

  /** Removes a provider and the identities linked through it. */
  async remove(id: string): Promise<void> {
    await this.editable(id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_identities').where('provider_id', '=', id).execute();
      await trx.deleteFrom('oidc_providers').where('id', '=', id).execute();
    });
  }

  private async editable(id: string): Promise<void> {
    if (id === envProviderId && this.env) {
      throw new DomainError(400, 'This provider is set by the environment (PENNON_OIDC_*): change it there');
    }
    const row = await this.db
      .selectFrom('oidc_providers')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new DomainError(404, 'This sign-in provider does not exist');
  }

  private columns(model: OidcProviderModel) {
    return {
      name: model.name.trim(),
      issuer: model.issuer.trim(),
      client_id: model.clientId.trim(),
      icon_url: model.iconUrl?.trim() || null,
      allowed_domains: domainsOf(model.allowedDomains).join(','),
      create_accounts: model.createAccounts ? 1 : 0,
      link_by_email: model.linkByEmail ? 1 : 0,
      enabled: model.enabled ? 1 : 0,
    };
  }
}
