// Runtime-editable platform configuration (§4.15): three sections stored as JSON rows, defaults from the contract.
// Read from the database on each use, so every server process sharing a database sees one configuration.

import type { KeyObject } from 'node:crypto';
import {
  AccountPolicy,
  type ClientConfig,
  type ConfigEditModel,
  ContainerPolicy,
  type ContainerPortMappingType,
  GlobalConfig,
} from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { TObject } from 'typebox';
import Value from 'typebox/value';
import type { Database } from '../db/schema.ts';
import { generatePrivateKey, loadPrivateKey, publicKeyOf } from './api-encryption.ts';

const sections = {
  accountPolicy: AccountPolicy,
  globalConfig: GlobalConfig,
  containerPolicy: ContainerPolicy,
};
type SectionName = keyof typeof sections;

/** The row holding the private key of the payload encryption (§1.8); no section, so never sent. */
const ENCRYPTION_KEY = 'apiEncryptionKey';

export interface PlatformConfig {
  accountPolicy: AccountPolicy;
  globalConfig: GlobalConfig;
  containerPolicy: ContainerPolicy;
}

/** A stored section over its defaults; fields that no longer fit the schema fall back to the default. */
const withDefaults = <T>(schema: TObject, stored: unknown): T => {
  const value = Value.Default(schema, Value.Clean(schema, structuredClone(stored ?? {})));
  return (Value.Check(schema, value) ? value : Value.Create(schema)) as T;
};

export class ConfigStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly portMapping: ContainerPortMappingType,
  ) {}

  #key: [stored: string, key: KeyObject] | undefined;

  private async rows(): Promise<Map<string, unknown>> {
    const rows = await this.db.selectFrom('config').select(['key', 'value']).execute();
    return new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  }

  async read(): Promise<PlatformConfig> {
    return this.sectionsOf(await this.rows());
  }

  private sectionsOf(stored: Map<string, unknown>): PlatformConfig {
    return {
      accountPolicy: withDefaults(AccountPolicy, stored.get('accountPolicy')),
      globalConfig: withDefaults(GlobalConfig, stored.get('globalConfig')),
      containerPolicy: withDefaults(ContainerPolicy, stored.get('containerPolicy')),
    };
  }

  /**
   * Saves the sections present in `edit`; a null or absent section is left as it is. The logo and favicon hashes
   * are kept: they change only through `setBranding`, which holds their file references (§2.2).
   */
  async update(edit: ConfigEditModel): Promise<void> {
    const present = (Object.keys(sections) as SectionName[]).filter((name) => edit[name] != null);
    const stored = await this.rows();
    const { globalConfig } = this.sectionsOf(stored);
    const branding = { logoHash: globalConfig.logoHash, faviconHash: globalConfig.faviconHash };
    // Turning encryption on makes a new key pair (§1.8): keys from before are no use to clients any more.
    const newKey =
      edit.globalConfig?.apiEncryption === true &&
      (!globalConfig.apiEncryption || !stored.has(ENCRYPTION_KEY));
    await this.db.transaction().execute(async (trx) => {
      for (const name of present) {
        const section = name === 'globalConfig' ? { ...edit.globalConfig, ...branding } : edit[name];
        await this.write(trx, name, Value.Clean(sections[name], structuredClone(section)));
      }
      if (newKey) await this.write(trx, ENCRYPTION_KEY, generatePrivateKey());
    });
  }

  /** Sets (or with nulls clears) the logo and favicon file hashes. */
  async setBranding(branding: Pick<GlobalConfig, 'logoHash' | 'faviconHash'>): Promise<void> {
    const { globalConfig } = await this.read();
    await this.write(this.db, 'globalConfig', { ...globalConfig, ...branding });
  }

  private async write(db: Kysely<Database>, name: string, section: unknown): Promise<void> {
    const value = JSON.stringify(section);
    await db
      .insertInto('config')
      .values({ key: name, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** What every visitor may see (the `ClientConfig` of §2.10). */
  async clientConfig(): Promise<ClientConfig> {
    const stored = await this.rows();
    const { globalConfig, containerPolicy } = this.sectionsOf(stored);
    const key = this.encryptionKeyOf(stored);
    return {
      title: globalConfig.title,
      slogan: globalConfig.slogan,
      footerInfo: globalConfig.footerInfo ?? null,
      customTheme: globalConfig.customTheme ?? null,
      logoUrl: globalConfig.logoHash ? `/assets/${globalConfig.logoHash}/logo` : null,
      portMapping: this.portMapping,
      defaultLifetime: containerPolicy.defaultLifetime,
      extensionDuration: containerPolicy.extensionDuration,
      renewalWindow: containerPolicy.renewalWindow,
      ...(key && { apiPublicKey: publicKeyOf(key) }),
    };
  }

  /** The private key of the payload encryption while it is on, else undefined (§1.8). */
  async encryptionKey(): Promise<KeyObject | undefined> {
    return this.encryptionKeyOf(await this.rows());
  }

  private encryptionKeyOf(stored: Map<string, unknown>): KeyObject | undefined {
    const raw = stored.get(ENCRYPTION_KEY);
    if (typeof raw !== 'string' || !this.sectionsOf(stored).globalConfig.apiEncryption) return undefined;
    if (this.#key?.[0] !== raw) this.#key = [raw, loadPrivateKey(raw)];
    return this.#key[1];
  }
}
