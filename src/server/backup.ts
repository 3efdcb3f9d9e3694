// `npm run backup`: a consistent copy of the server's databases (its own, and the embedded test
// hotel's unless PMS_URL is set, and the fiscal records where they exist) into `DATA_DIR/backups`, safe while the server runs
// (db-backups.ts). Prints each file written; exits 1 with one line on stderr when it cannot.
import { loadConfig } from './config.ts';
import { backupDatabases, existingFiles } from './db-backups.ts';

try {
  const config = loadConfig(process.env);
  const files = existingFiles([
    config.hubFile,
    ...(config.PMS_URL ? [] : [config.hotelFile]),
    ...config.fiscalFiles,
  ]);
  if (files.length === 0)
    throw new Error(`no database in ${config.DATA_DIR} yet: start the server once first`);
  for (const written of await backupDatabases(files, config.backupDir)) console.log(written);
} catch (error) {
  console.error(`Hotel Till backup failed: ${(error as Error).message}`);
  process.exit(1);
}
