// Runtime-editable platform configuration (§4.15): three sections stored as JSON rows, defaults from the contract.
// Read from the database on each use, so every server process sharing a database sees one configuration.
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

const sections = {
  accountPolicy: AccountPolicy,
  globalConfig: GlobalConfig,
  containerPolicy: ContainerPolicy,
};
type SectionName = keyof typeof sections;

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

  async read(): Promise<PlatformConfig> {
    const rows = await this.db.selectFrom('config').select(['key', 'value']).execute();
    const stored = new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
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
    const { globalConfig } = await this.read();
    const branding = { logoHash: globalConfig.logoHash, faviconHash: globalConfig.faviconHash };
    await this.db.transaction().execute(async (trx) => {
      for (const name of present) {
        const section = name === 'globalConfig' ? { ...edit.globalConfig, ...branding } : edit[name];
        await this.write(trx, name, section);
      }
    });
  }

  /** Sets (or with nulls clears) the logo and favicon file hashes. */
  async setBranding(branding: Pick<GlobalConfig, 'logoHash' | 'faviconHash'>): Promise<void> {
    const { globalConfig } = await this.read();
    await this.write(this.db, 'globalConfig', { ...globalConfig, ...branding });
  }

  private async write(db: Kysely<Database>, name: SectionName, section: unknown): Promise<void> {
    const value = JSON.stringify(Value.Clean(sections[name], structuredClone(section)));
    await db
      .insertInto('config')
      .values({ key: name, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** What every visitor may see (the `ClientConfig` of §2.10). */
  async clientConfig(): Promise<ClientConfig> {
    const { globalConfig, containerPolicy } = await this.read();
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
    };
  }
}
