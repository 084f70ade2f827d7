// Table types of the database, one interface per table, as Kysely sees them.
export interface ConfigTable {
  /** A configuration section: accountPolicy, globalConfig or containerPolicy. */
  key: string;
  /** The section as JSON text. */
  value: string;
}

export interface Database {
  config: ConfigTable;
}
