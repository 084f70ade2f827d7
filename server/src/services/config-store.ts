// Runtime-editable platform configuration (§4.15): three sections stored as JSON rows, defaults from the contract.
// Read from the database on each use, so every server process sharing a database sees one configuration; concurrent
// reads share one query, and the sections are only parsed again when their stored text changed. The payload key is
// the exception: every flag submission asks for it, so it is kept (see `keyMaxAgeMs`).

import type { KeyObject } from 'node:crypto';
import {
  AccountPolicy,
  type ClientConfig,
  type ConfigEditModel,
  ContainerPolicy,
  type ContainerPortMappingType,
  GlobalConfig,
  RegistrationFields,
  SignInPolicy,
} from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { TObject } from 'typebox';
import Value from 'typebox/value';
import type { Database } from '../db/schema.ts';
import type { LiveBus, LiveMessage } from '../live/bus.ts';
import { generatePrivateKey, loadPrivateKey, publicKeyOf } from './api-encryption.ts';

const sections = {
  accountPolicy: AccountPolicy,
  globalConfig: GlobalConfig,
  containerPolicy: ContainerPolicy,
};
type SectionName = keyof typeof sections;

/**
 * How long the payload key is kept. It changes only when an admin turns encryption on or off, while reading it cost
 * each flag submission a query (a round trip on PostgreSQL). An edit drops it in this process at once and in the
 * others through the live bus; the age bounds what a lost bus message, or an edit by a store without a bus, leaves.
 */
export const keyMaxAgeMs = 10_000;

/** The bus message an edit of the configuration sends. */
const configEdited: LiveMessage = { hub: 'config', method: 'ConfigEdited', payload: null };

/** The row holding the private key of the payload encryption (§1.8); no section, so never sent. */
const ENCRYPTION_KEY = 'apiEncryptionKey';

/**
 * Pennon's sign-in policy: a row of its own, not a field of GZ::CTF's `accountPolicy`, which GZ::CTF's admin client
 * sends back whole (without fields it doesn't know) on every save.
 */
const SIGN_IN_POLICY = 'signInPolicy';

/** The extra account fields (registration-fields.ts): Pennon's, a row of their own for the same reason. */
const REGISTRATION_FIELDS = 'registrationFields';

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

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
};

export class ConfigStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly portMapping: ContainerPortMappingType,
    private readonly bus?: LiveBus,
    private readonly now: () => number = Date.now,
  ) {
    bus?.subscribe((message) => {
      if (message.hub === 'config') this.#dropKey();
    });
  }

  #key: [stored: string, key: KeyObject] | undefined;
  /** The read in flight, which callers arriving meanwhile share. */
  #reading: Promise<Map<string, string>> | undefined;
  /** The payload key as last read, and when. */
  #keptKey: { key: KeyObject | undefined; at: number } | undefined;
  /** Edits seen so far: a key read that an edit overtook is used but not kept. */
  #edits = 0;
  /** The sections last parsed, and the stored text they came from. */
  #parsed: [stored: string, config: PlatformConfig] | undefined;

  /** Each row's stored JSON text, by key. */
  private rows(): Promise<Map<string, string>> {
    this.#reading ??= this.db
      .selectFrom('config')
      .select(['key', 'value'])
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.key, row.value])))
      .finally(() => {
        this.#reading = undefined;
      });
    return this.#reading;
  }

  async read(): Promise<PlatformConfig> {
    return this.sectionsOf(await this.rows());
  }

  /** Frozen, as callers share it. */
  private sectionsOf(stored: Map<string, string>): PlatformConfig {
    const text = JSON.stringify((Object.keys(sections) as SectionName[]).map((name) => stored.get(name)));
    if (this.#parsed?.[0] !== text) {
      const section = <T>(name: SectionName) => {
        const raw = stored.get(name);
        return deepFreeze(withDefaults<T>(sections[name], raw === undefined ? undefined : JSON.parse(raw)));
      };
      const config = {
        accountPolicy: section<AccountPolicy>('accountPolicy'),
        globalConfig: section<GlobalConfig>('globalConfig'),
        containerPolicy: section<ContainerPolicy>('containerPolicy'),
      };
      this.#parsed = [text, Object.freeze(config)];
    }
    return this.#parsed[1];
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
    this.#edited();
  }

  /** Sets (or with nulls clears) the logo and favicon file hashes. */
  async setBranding(branding: Pick<GlobalConfig, 'logoHash' | 'faviconHash'>): Promise<void> {
    const { globalConfig } = await this.read();
    await this.write(this.db, 'globalConfig', { ...globalConfig, ...branding });
    this.#edited();
  }

  #edited(): void {
    // A read begun before the commit must not answer whoever asks after it.
    this.#reading = undefined;
    this.#dropKey();
    this.bus?.publish(configEdited);
  }

  #dropKey(): void {
    this.#edits++;
    this.#keptKey = undefined;
  }

  private async write(db: Kysely<Database>, name: string, section: unknown): Promise<void> {
    const value = JSON.stringify(section);
    await db
      .insertInto('config')
      .values({ key: name, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  async signInPolicy(): Promise<SignInPolicy> {
    const raw = (await this.rows()).get(SIGN_IN_POLICY);
    return withDefaults<SignInPolicy>(SignInPolicy, raw === undefined ? undefined : JSON.parse(raw));
  }

  async setSignInPolicy(policy: SignInPolicy, db: Kysely<Database> = this.db): Promise<void> {
    await this.write(db, SIGN_IN_POLICY, Value.Clean(SignInPolicy, structuredClone(policy)));
    this.#edited();
  }

  /** Stored definitions that no longer fit the schema are dropped rather than failing every registration. */
  async registrationFields(): Promise<RegistrationFields> {
    const raw = (await this.rows()).get(REGISTRATION_FIELDS);
    const stored: unknown = raw === undefined ? [] : JSON.parse(raw);
    return Value.Check(RegistrationFields, stored) ? stored : [];
  }

  async setRegistrationFields(fields: RegistrationFields, db: Kysely<Database> = this.db): Promise<void> {
    await this.write(db, REGISTRATION_FIELDS, Value.Clean(RegistrationFields, structuredClone(fields)));
    this.#edited();
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
    const kept = this.#keptKey;
    if (kept && this.now() - kept.at < keyMaxAgeMs) return kept.key;
    const [at, edits] = [this.now(), this.#edits];
    const key = this.encryptionKeyOf(await this.rows());
    if (edits === this.#edits) this.#keptKey = { key, at };
    return key;
  }

  private encryptionKeyOf(stored: Map<string, string>): KeyObject | undefined {
    const text = stored.get(ENCRYPTION_KEY);
    const raw = text === undefined ? undefined : (JSON.parse(text) as unknown);
    if (typeof raw !== 'string' || !this.sectionsOf(stored).globalConfig.apiEncryption) return undefined;
    if (this.#key?.[0] !== raw) this.#key = [raw, loadPrivateKey(raw)];
    return this.#key[1];
  }
}
